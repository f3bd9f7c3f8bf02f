import { useTranslation } from 'react-i18next';
import { uploadAvatar } from '../../api/account';
import { AvatarPicker } from '../../components/avatar-cropper/AvatarPicker';
import { updateUserInfo, type UserInfo } from '../../store/session';

/** UserInfo pane: the avatar, replaced by a picture cropped to 200×200 (spec part 2 §5). */
export function AvatarUpload({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const upload = async (png: Blob) => {
    try {
      const { data } = await uploadAvatar(png);
      updateUserInfo(data);
      return true;
    } catch {
      return false; // already shown by the API client
    }
  };
  return <AvatarPicker src={user?.avatar} alt={t('setting.avatar.title')} upload={upload} />;
}
