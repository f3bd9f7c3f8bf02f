import { BarChartOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A tab of the contest shell whose screen comes with a later issue (the scoreboards with the next
 * one): the tab and its route exist, and say so plainly.
 */
export function ContestComingTab() {
  const { t } = useTranslation();
  return (
    <Card className="contest-coming">
      <Result
        icon={<BarChartOutlined />}
        title={t('contest.coming.title')}
        subTitle={t('contest.coming.description')}
      />
    </Card>
  );
}
