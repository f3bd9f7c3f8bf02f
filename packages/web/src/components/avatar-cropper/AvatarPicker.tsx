import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast';
import { avatarFileProblem, AVATAR_ACCEPT } from './avatar-file';
import { AvatarCropper } from './AvatarCropper';

/**
 * An avatar and its "change" button: the chosen picture is checked, cropped to 200×200 and handed
 * to `upload` (a user's avatar, spec part 2 §5; a group's, §2.2 "Group setting"). `upload` answers
 * whether it worked; the crop dialog stays open for another try when not.
 */
export function AvatarPicker({
  src,
  alt,
  upload,
  icon = <UserOutlined />,
}: {
  src: string | null | undefined;
  alt: string;
  upload: (png: Blob) => Promise<boolean>;
  icon?: React.ReactNode;
}) {
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

  const cropped = async (png: Blob) => {
    if (await upload(png)) {
      toast.success(t('setting.avatar.uploaded'));
      setFile(null);
    }
  };

  return (
    <div className="setting-avatar">
      <Avatar size={120} src={src || undefined} icon={icon} className="setting-avatar-image" alt={alt} />
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
      <AvatarCropper file={file} onCancel={() => setFile(null)} onCropped={cropped} />
    </div>
  );
}
