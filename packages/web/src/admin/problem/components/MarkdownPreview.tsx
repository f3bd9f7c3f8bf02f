import { LazyMarkdown } from '../../../components/markdown/LazyMarkdown';

/** The statement as users will read it (the shared safe markdown with math, loaded with the first preview). */
export function MarkdownPreview({ text, empty }: { text: string; empty: string }) {
  if (text.trim() === '') return <div className="ap-markdown ap-markdown--empty">{empty}</div>;
  return <LazyMarkdown source={text} className="ap-markdown" />;
}
