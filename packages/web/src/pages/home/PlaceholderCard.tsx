import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Messages } from '../../i18n/zh-CN';

type HomeKey = keyof Messages['home'];

/** A home widget whose data call arrives in a later issue: the frame is real, the body says so. */
export function PlaceholderCard({ title, icon }: { title: HomeKey; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      className="home-card"
      title={
        <span>
          {icon} {t(`home.${title}`)}
        </span>
      }
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.comingLater')} />
    </Card>
  );
}
