import { ExportOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { OI_WIKI_URL } from '../../config/constants';

/**
 * /oiwiki (spec part 2 §2.8). HOJ embedded the wiki in a frame; a server on a LAN often cannot reach
 * it and the security policy keeps frames to our own origin, so the menu opens it in a new tab and
 * this page, reached by its address, offers the same link.
 */
export function OiWikiPage() {
  const { t } = useTranslation();
  return (
    <Result
      className="oiwiki-page"
      icon={<ExportOutlined />}
      title={t('home.oiwikiTitle')}
      subTitle={t('home.oiwikiText')}
      extra={
        <Button type="primary" href={OI_WIKI_URL} target="_blank" rel="noopener noreferrer">
          {t('home.oiwikiOpen')}
        </Button>
      }
    />
  );
}
