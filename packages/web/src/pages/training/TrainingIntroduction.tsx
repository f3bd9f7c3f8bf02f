import { Card, Descriptions, Empty, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Markdown } from '../../components/markdown';
import { TrainingAuthTag, TrainingCategoryTag } from './TrainingTags';
import { TrainingPasswordForm } from './TrainingPasswordForm';
import { summaryOf, useTrainingContext } from './use-training';

/**
 * The Introduction tab (spec part 2 §2.1): the password form while a private training is not open
 * to the user, then number, auth, category, total problems, author, recent update and the
 * description.
 */
export function TrainingIntroduction() {
  const { t } = useTranslation();
  const training = useTrainingContext();
  const summary = summaryOf(useLocation().state);
  const info = training.training ?? (summary?.id === training.tid ? summary : undefined);
  // spec part 2 §2.1: the password form while the training is closed to the user
  const form = training.locked ? <TrainingPasswordForm tid={training.tid} /> : null;
  if (!info) return form;
  const updated = dayjs(info.gmtModified);
  return (
    <div className="training-intro">
      {form}
      <Card>
        <Descriptions
          className="training-intro__facts"
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'number', label: t('training.intro.number'), children: info.id },
            { key: 'auth', label: t('training.intro.auth'), children: <TrainingAuthTag auth={info.auth} /> },
            {
              key: 'category',
              label: t('training.intro.category'),
              children: <TrainingCategoryTag name={info.categoryName} color={info.categoryColor} />,
            },
            { key: 'problems', label: t('training.intro.problemCount'), children: info.problemCount },
            { key: 'author', label: t('training.intro.author'), children: info.author ?? '—' },
            {
              key: 'updated',
              label: t('training.intro.updated'),
              children: (
                <Tooltip title={updated.format('YYYY-MM-DD HH:mm:ss')}>
                  <time dateTime={info.gmtModified}>{updated.format('YYYY-MM-DD')}</time>
                </Tooltip>
              ),
            },
          ]}
        />
        {training.locked ? null : (
          <>
            <h2 className="training-intro__heading">{t('training.intro.description')}</h2>
            {info.description ? (
              <Markdown source={info.description} />
            ) : (
              <Empty description={t('training.intro.noDescription')} />
            )}
          </>
        )}
      </Card>
    </div>
  );
}
