import {
  BarChartOutlined,
  CalendarOutlined,
  CrownOutlined,
  FileTextOutlined,
  NotificationOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Col, Row } from 'antd';
import { useWebsiteConfig } from '../../api/home';
import { HomeBanner } from './HomeBanner';
import { PlaceholderCard } from './PlaceholderCard';
import { RemoteJudgesCard } from './RemoteJudgesCard';
import { SiteInfoCard } from './SiteInfoCard';

/** Home (spec part 1 §2 "Home"): the site from its config, then the widgets of the home page. */
export function HomePage() {
  const { data: config, isPending } = useWebsiteConfig();
  return (
    <div className="home page-container">
      <HomeBanner config={config} loading={isPending} />
      <Row gutter={[16, 16]} className="home-widgets">
        <Col xs={24} lg={16} className="home-column">
          <PlaceholderCard title="announcements" icon={<NotificationOutlined />} />
          <PlaceholderCard title="recentContests" icon={<TrophyOutlined />} />
          <PlaceholderCard title="lastWeekSubmissions" icon={<BarChartOutlined />} />
          <PlaceholderCard title="otherContests" icon={<CalendarOutlined />} />
        </Col>
        <Col xs={24} lg={8} className="home-column">
          <SiteInfoCard />
          <PlaceholderCard title="recentAcRank" icon={<CrownOutlined />} />
          <PlaceholderCard title="latestProblems" icon={<FileTextOutlined />} />
          <RemoteJudgesCard />
        </Col>
      </Row>
    </div>
  );
}
