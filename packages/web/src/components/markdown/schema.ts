import { defaultSchema, type Options } from 'rehype-sanitize';

/**
 * GitHub's sanitising rules (rehype-sanitize's default), with code classes narrowed to the ones
 * remark-math and rehype-katex use. The default lets any `language-*` class through, so a fence
 * such as ```` ```switch ```` put the site's own class `language-switch` on user markup; no code
 * highlighter reads the other languages, so they are dropped.
 */
export const MARKDOWN_SANITIZE_SCHEMA: Options = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', 'language-math', 'math-inline', 'math-display']],
  },
};
