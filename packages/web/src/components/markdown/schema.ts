import { defaultSchema, type Options } from 'rehype-sanitize';

/**
 * GitHub's sanitising rules (rehype-sanitize's default) plus the classes remark-math puts on
 * formulas, so that rehype-katex still finds them after sanitising.
 */
export const MARKDOWN_SANITIZE_SCHEMA: Options = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
};
