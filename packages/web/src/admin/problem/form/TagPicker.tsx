import { PlusOutlined } from '@ant-design/icons';
import { PROBLEM_LIMITS } from '@verdict/shared';
import { AutoComplete, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '../../../api/admin-problem';
import { hasTag, newTagNameError, tagFor, type TagItem } from './problem-form';
import { toast } from '../../../feedback/toast';

/**
 * The problem's tags: pick an existing tag of this site or type a new one (created on save,
 * reference §3.12); the same tag twice is refused with a warning (spec part 2 §5 Add_Tag_Error).
 */
export function TagPicker({
  tags,
  known,
  loading,
  onChange,
  id,
}: {
  tags: TagItem[];
  known: TagRow[];
  loading: boolean;
  onChange: (tags: TagItem[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  const add = (name: string) => {
    const trimmed = name.trim();
    if (trimmed === '') return;
    if (hasTag(tags, trimmed)) {
      toast.warning(t('adminProblem.form.tagDuplicate'));
      setText('');
      return;
    }
    // the name of a new tag must fit the server's tag schema, or the whole save is refused
    if (newTagNameError(trimmed)) {
      toast.warning(t('adminProblem.tag.nameTooLong', { max: PROBLEM_LIMITS.tagNameMax }));
      return;
    }
    onChange([...tags, tagFor(trimmed, known)]);
    setText('');
  };

  const query = text.trim().toLowerCase();
  const options = known
    .filter((tag) => !hasTag(tags, tag.name) && (query === '' || tag.name.toLowerCase().includes(query)))
    .slice(0, 50)
    .map((tag) => ({ value: tag.name, label: tag.name }));

  return (
    <div className="ap-tags">
      {tags.length > 0 && (
        <div className="ap-tags-list">
          {tags.map((tag) => (
            <Tag
              key={tag.id ?? `new:${tag.name}`}
              color={tag.color ?? undefined}
              closable
              onClose={(event) => {
                event.preventDefault();
                onChange(tags.filter((x) => x !== tag));
              }}
            >
              {tag.name}
              {tag.id === null && <span className="ap-tag-new"> ({t('adminProblem.form.tagNew')})</span>}
            </Tag>
          ))}
        </div>
      )}
      <Space.Compact className="ap-tags-input">
        <AutoComplete
          id={id}
          value={text}
          options={options}
          onChange={setText}
          onSelect={(value: string) => add(value)}
          placeholder={t('adminProblem.form.tagPlaceholder')}
          aria-label={t('adminProblem.form.tags')}
          notFoundContent={loading ? t('loading') : null}
          onKeyDown={(event) => {
            // with suggestions open, Enter picks one (onSelect); otherwise it adds the typed name
            if (event.key === 'Enter' && !event.nativeEvent.isComposing && options.length === 0) {
              event.preventDefault();
              add(text);
            }
          }}
          style={{ width: '100%' }}
        />
        <Button icon={<PlusOutlined />} onClick={() => add(text)} disabled={text.trim() === ''}>
          {t('adminProblem.form.tagAdd')}
        </Button>
      </Space.Compact>
    </div>
  );
}
