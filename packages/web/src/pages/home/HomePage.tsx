import { Col, Row } from 'antd';
import { useWebsiteConfig } from '../../api/home';
import { LatestProblemsCard } from '../problem/LatestProblemsCard';
import { AnnouncementsCard } from './AnnouncementsCard';
import { HomeCarousel } from './HomeCarousel';
import { OtherContestsCard } from './OtherContestsCard';
import { RecentAcRankCard } from './RecentAcRankCard';
import { RecentContestsCard } from './RecentContestsCard';
import { RemoteJudgesCard } from './RemoteJudgesCard';
import { SiteInfoCard } from './SiteInfoCard';
import { SubmissionStatsCard } from './SubmissionStatsCard';
import './home.css';

/**
 * Home (spec part 1 §2 "Home"): the carousel, then the announcements, the last week's submissions,
 * recent contests and other judges' contests on the left; the site, the 7-day AC rank, the latest
 * problems and the remote judges on the right. Each card loads on its own, so none waits for another.
 */
export function HomePage() {
  const { data: config, isPending } = useWebsiteConfig();
  return (
    <div className="home page-container">
      <HomeCarousel config={config} configLoading={isPending} />
      <Row gutter={[16, 16]} className="home-widgets">
        <Col xs={24} lg={16} className="home-column">
          <AnnouncementsCard />
          <SubmissionStatsCard />
          <RecentContestsCard />
          <OtherContestsCard />
        </Col>
        <Col xs={24} lg={8} className="home-column">
          <SiteInfoCard />
          <RecentAcRankCard />
          <LatestProblemsCard className="home-card" />
          <RemoteJudgesCard />
        </Col>
      </Row>
    </div>
  );
}
