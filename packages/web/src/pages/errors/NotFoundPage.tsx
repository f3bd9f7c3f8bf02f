import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { goBack } from '../../routing/go-back';

/**
 * Unknown routes (spec part 2 §2.8): an animated 404 with Go Home and Back. Pages whose subject is
 * missing (an unknown or banned user's home) show it with their own words.
 */
export function NotFoundPage({
  homePath = '/home',
  title,
  subTitle,
}: {
  homePath?: string;
  title?: string;
  subTitle?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className="not-found"
      status="404"
      title={title ?? t('notFound.title')}
      subTitle={subTitle ?? t('notFound.subtitle')}
      extra={
        <Space wrap>
          <Button type="primary" icon={<HomeOutlined />} onClick={() => void navigate(homePath)}>
            {t('notFound.goHome')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => goBack(navigate, homePath)}>
            {t('notFound.back')}
          </Button>
        </Space>
      }
    />
  );
}
