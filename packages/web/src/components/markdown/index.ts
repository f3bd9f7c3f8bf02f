/** Safe markdown with math, for statements, announcements, discussions and the admin previews. */
export { Markdown, type MarkdownProps } from './Markdown';
export { MARKDOWN_SANITIZE_SCHEMA } from './schema';
