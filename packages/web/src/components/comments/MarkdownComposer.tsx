import { BoldOutlined, CodeOutlined, FunctionOutlined, LinkOutlined, SmileOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownField } from '../../admin/problem/components/MarkdownField';
import '../../admin/problem/admin-problem.css';
import { separatorAfter } from './comment-rules';

/** A small emoji set; emoji are plain text, so they pass the sanitiser like any letter. */
const EMOJI = [
  '😀',
  '😂',
  '🙂',
  '😉',
  '😍',
  '🤔',
  '😅',
  '😭',
  '😡',
  '👍',
  '👎',
  '👏',
  '🙏',
  '💪',
  '🎉',
  '🔥',
  '💡',
  '❤️',
  '✅',
  '❌',
  '⚠️',
  '🚀',
  '🐛',
  '☕',
];

/** Markdown helpers (spec part 2 §2.3): what each button appends to the text. */
const SNIPPETS = {
  bold: '**bold**',
  code: '\n```cpp\n\n```\n',
  formula: ' $a^2 + b^2 = c^2$ ',
  link: '[text](https://)',
} as const;

type Helper = keyof typeof SNIPPETS;

const ICONS: Record<Helper, ReactNode> = {
  bold: <BoldOutlined />,
  code: <CodeOutlined />,
  formula: <FunctionOutlined />,
  link: <LinkOutlined />,
};

/**
 * The problem form's markdown field (write / preview through the sanitising renderer) with the
 * emoji picker and markdown helpers of the discussion editor and the comment box.
 */
export function MarkdownComposer({
  value,
  onChange,
  label,
  rows = 4,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  rows?: number;
}) {
  const { t } = useTranslation();
  const [emojiOpen, setEmojiOpen] = useState(false);
  const append = (text: string) => onChange(value + separatorAfter(value) + text);
  return (
    <div className="md-composer">
      <Space size={2} wrap className="md-composer__tools">
        <Popover
          open={emojiOpen}
          onOpenChange={setEmojiOpen}
          trigger="click"
          content={
            <div className="md-composer__emoji" role="listbox" aria-label={t('discussion.helpers.emoji')}>
              {EMOJI.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  role="option"
                  aria-selected={false}
                  onClick={() => {
                    append(emoji);
                    setEmojiOpen(false);
                  }}
                >
                  {emoji}
                </button>
              ))}
            </div>
          }
        >
          <Tooltip title={t('discussion.helpers.emoji')}>
            <Button
              size="small"
              type="text"
              icon={<SmileOutlined />}
              aria-label={t('discussion.helpers.emoji')}
            />
          </Tooltip>
        </Popover>
        {(Object.keys(SNIPPETS) as Helper[]).map((helper) => (
          <Tooltip key={helper} title={t(`discussion.helpers.${helper}`)}>
            <Button
              size="small"
              type="text"
              icon={ICONS[helper]}
              aria-label={t(`discussion.helpers.${helper}`)}
              onClick={() => append(SNIPPETS[helper])}
            />
          </Tooltip>
        ))}
      </Space>
      <MarkdownField value={value} onChange={onChange} label={label} rows={rows} />
    </div>
  );
}
