import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The editor (CodeMirror with its languages and themes) is large: it loads when a code field first shows.
const CodeEditor = lazy(() =>
  import('../../../components/code-editor').then((m) => ({ default: m.CodeEditor })),
);

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** content type such as text/x-c++src (reference §4.2 language.content_type) */
  mode?: string | null;
  label: string;
  minHeight?: string;
  invalid?: boolean;
}

/** The shared code editor in a bordered box, for checkers, interactors, templates and extra files. */
export function CodeField({ value, onChange, mode, label, minHeight = '160px', invalid }: CodeFieldProps) {
  return (
    <div className={invalid ? 'ap-code ap-code--invalid' : 'ap-code'}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} className="ap-code-loading" />}>
        <CodeEditor
          value={value}
          onChange={onChange}
          contentType={mode}
          ariaLabel={label}
          minHeight={minHeight}
        />
      </Suspense>
    </div>
  );
}
