import { Markdown } from '../../../components/markdown';

/** The statement as users will read it (the shared safe markdown with math). */
export function MarkdownPreview({ text, empty }: { text: string; empty: string }) {
  if (text.trim() === '') return <div className="ap-markdown ap-markdown--empty">{empty}</div>;
  return <Markdown source={text} className="ap-markdown" />;
}
