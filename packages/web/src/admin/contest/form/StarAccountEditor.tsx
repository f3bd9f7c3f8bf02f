import { Button, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../feedback/toast';
import { addStarAccount } from './contest-form';

/** Star accounts (reference §4.4 star_account): added one by one, a repeat warned (Add_Star_User_Error). */
export function StarAccountEditor({
  value,
  onChange,
}: {
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const add = () => {
    const result = addStarAccount(value, draft);
    if (result.error === 'duplicate') {
      toast.warning(t('adminContest.errors.starDuplicate'));
      return;
    }
    onChange(result.list);
    setDraft('');
  };
  return (
    <>
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          id="acn-star"
          value={draft}
          placeholder={t('adminContest.form.starAccountPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
        />
        <Button onClick={add}>{t('adminContest.form.add')}</Button>
      </Space.Compact>
      {value.length > 0 && (
        <div className="acn-star-list">
          {value.map((name) => (
            <Tag key={name} closable color="gold" onClose={() => onChange(value.filter((n) => n !== name))}>
              {name}
            </Tag>
          ))}
        </div>
      )}
    </>
  );
}
