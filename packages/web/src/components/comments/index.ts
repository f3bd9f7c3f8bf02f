/** The comment area of discussions and contests, and the byline with role badges. */
export { CommentSection, COMMENT_PAGE_SIZE } from './CommentSection';
export { MarkdownComposer } from './MarkdownComposer';
export { RoleBadge, UserByline } from './UserByline';
