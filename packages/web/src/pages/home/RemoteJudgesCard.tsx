import { CloudServerOutlined } from '@ant-design/icons';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { REMOTE_JUDGES } from '../../config/constants';

/** The seven external judges Verdict can judge on (spec part 2 §1). */
export function RemoteJudgesCard() {
  const { t } = useTranslation();
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
        {REMOTE_JUDGES.map((judge) => (
          <a key={judge.name} href={judge.url} target="_blank" rel="noreferrer">
            <Tag color="geekblue">{judge.name}</Tag>
          </a>
        ))}
      </div>
    </Card>
  );
}
