/** The group screens (spec part 2 §2.2), one chunk for the router. */
export { GroupListPage } from './GroupListPage';
export { GroupShell } from './GroupShell';
export { GroupHome } from './GroupHome';
export { GroupMembersTab } from './GroupMembersTab';
export { GroupAnnouncementsTab } from './GroupAnnouncementsTab';
export { GroupSettingTab } from './GroupSettingTab';
export { GroupRankTab } from './GroupRankTab';
