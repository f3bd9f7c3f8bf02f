import {
  AppstoreOutlined,
  BarChartOutlined,
  CommentOutlined,
  DashboardOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { NavIcon } from './nav-items';

export const NAV_ICONS: Record<NavIcon, ReactNode> = {
  home: <HomeOutlined />,
  problem: <AppstoreOutlined />,
  training: <ReadOutlined />,
  contest: <TrophyOutlined />,
  status: <DashboardOutlined />,
  rank: <BarChartOutlined />,
  discussion: <CommentOutlined />,
  group: <TeamOutlined />,
  about: <InfoCircleOutlined />,
  list: <UnorderedListOutlined />,
  submissions: <ProfileOutlined />,
};
