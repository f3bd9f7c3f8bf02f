import { CloudServerOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRemoteJudges } from '../../api/home';
import { REMOTE_JUDGES } from '../../config/constants';

/**
 * The supported remote judges (spec part 1 home page): the external judges Verdict can judge on
 * now, those with an account in the pool (GET /api/get-remote-judges). The card shows only when
 * there is one, and nothing on the page waits for it.
 */
export function RemoteJudgesCard() {
  const { t } = useTranslation();
  const judges = useQuery({ queryKey: ['remote-judges'], queryFn: getRemoteJudges, staleTime: 5 * 60_000 });
  if (!judges.data || judges.data.length === 0) return null;
  return (
    <Card
      className="home-card"
      title={
        <span>
          <CloudServerOutlined /> {t('home.remoteJudges')}
        </span>
      }
    >
      <div className="remote-judges">
        {judges.data.map((oj) => (
          <a key={oj} href={REMOTE_JUDGES[oj].url} target="_blank" rel="noreferrer">
            <Tag color="geekblue">{REMOTE_JUDGES[oj].name}</Tag>
          </a>
        ))}
      </div>
    </Card>
  );
}
