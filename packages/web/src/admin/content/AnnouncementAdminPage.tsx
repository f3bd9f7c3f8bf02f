import { useTranslation } from 'react-i18next';
import {
  createAnnouncement,
  deleteAnnouncement,
  getAdminAnnouncements,
  updateAnnouncement,
} from '../../api/admin-content';
import { AnnouncementManager, type AnnouncementSource } from './AnnouncementManager';

const SITE_ANNOUNCEMENTS: AnnouncementSource = {
  queryKey: ['admin-content', 'announcements'],
  load: getAdminAnnouncements,
  save: (draft) => (draft.id ? updateAnnouncement(draft) : createAnnouncement(draft)),
  remove: deleteAnnouncement,
};

/** /admin/announcement (spec part 2 §2.7, reference §3.12): the site announcements. */
export function AnnouncementAdminPage() {
  const { t } = useTranslation();
  return (
    <AnnouncementManager
      source={SITE_ANNOUNCEMENTS}
      title={t('title.adminAnnouncement')}
      statusLabel={t('adminContent.announcement.showOnHome')}
    />
  );
}
