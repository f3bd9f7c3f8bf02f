import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAvatar } from '../../api/account';
import { avatarFileProblem, AVATAR_ACCEPT } from '../../components/avatar-cropper/avatar-file';
import { AvatarCropper } from '../../components/avatar-cropper/AvatarCropper';
import { toast } from '../../feedback/toast';
import { updateUserInfo, type UserInfo } from '../../store/session';

/** UserInfo pane: the avatar, replaced by a picture cropped to 200×200 (spec part 2 §5). */
export function AvatarUpload({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = ''; // choosing the same file again still reacts
    if (!chosen) return;
    const problem = avatarFileProblem(chosen);
    if (problem === 'type') toast.error(t('setting.avatar.typeNotSupported'));
    else if (problem === 'size') toast.error(t('setting.avatar.tooLarge'));
    else setFile(chosen);
  };

  const upload = async (png: Blob) => {
    try {
      const { data } = await uploadAvatar(png);
      updateUserInfo(data);
      toast.success(t('setting.avatar.uploaded'));
      setFile(null);
    } catch {
      // Already shown by the API client; the dialog stays open for another try.
    }
  };

  return (
    <div className="setting-avatar">
      <Avatar
        size={120}
        src={user?.avatar || undefined}
        icon={<UserOutlined />}
        className="setting-avatar-image"
        alt={t('setting.avatar.title')}
      />
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        hidden
        aria-label={t('setting.avatar.choose')}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('setting.avatar.choose')}
      </Button>
      <Typography.Text type="secondary" className="setting-avatar-hint">
        {t('setting.avatar.hint')}
      </Typography.Text>
      <AvatarCropper file={file} onCancel={() => setFile(null)} onCropped={upload} />
    </div>
  );
}
