import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AwardConfig, AwardType } from '../../../api/admin-contest';
import { CONTEST_LIMITS } from './contest-form';

const hex = (value: { toHexString(): string }) => value.toHexString();

/**
 * The award tiers (reference §4.4 award_config): name, background and text colour, and a share in
 * percent (award type 1) or a number of people (type 2); the order of the rows is the priority.
 */
export function AwardEditor({
  type,
  value,
  onChange,
  error,
}: {
  type: AwardType;
  value: AwardConfig[];
  onChange: (value: AwardConfig[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<AwardConfig>) =>
    onChange(value.map((award, i) => (i === index ? { ...award, ...change } : award)));
  const numLabel = t(type === 1 ? 'adminContest.form.awardNumPercent' : 'adminContest.form.awardNumCount');
  return (
    <div>
      {value.map((award, i) => (
        <div className="acn-award-row" key={i}>
          <Input
            aria-label={`${t('adminContest.form.awardName')} ${i + 1}`}
            value={award.name}
            maxLength={CONTEST_LIMITS.awardNameMax}
            onChange={(event) => set(i, { name: event.target.value })}
          />
          <ColorPicker
            aria-label={`${t('adminContest.form.awardBackground')} ${i + 1}`}
            value={award.background}
            onChangeComplete={(color) => set(i, { background: hex(color) })}
            disabledAlpha
          />
          <ColorPicker
            aria-label={`${t('adminContest.form.awardColor')} ${i + 1}`}
            value={award.color}
            onChangeComplete={(color) => set(i, { color: hex(color) })}
            disabledAlpha
          />
          <InputNumber
            aria-label={`${numLabel} ${i + 1}`}
            min={1}
            max={type === 1 ? 100 : 100_000}
            precision={0}
            value={award.num}
            suffix={type === 1 ? '%' : undefined}
            onChange={(num) => set(i, { num: num ?? 0 })}
            style={{ width: '100%' }}
          />
          <span className="acn-award-badge" style={{ background: award.background, color: award.color }}>
            {award.name || t('adminContest.form.awardPreview')}
          </span>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('adminContest.form.removeAward', { n: i + 1 })}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {error && (
        <Typography.Text type="danger" className="ap-note" role="alert">
          {error}
        </Typography.Text>
      )}
      <Button
        icon={<PlusOutlined />}
        onClick={() =>
          onChange([
            ...value,
            { priority: value.length + 1, name: '', background: '#24b364', color: '#ffffff', num: 1 },
          ])
        }
      >
        {t('adminContest.form.addAward')}
      </Button>
    </div>
  );
}
