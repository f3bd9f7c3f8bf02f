import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CAROUSEL_IMAGE } from '@verdict/shared';
import { Button, Card, Empty, Popconfirm, Progress, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteCarouselImage,
  getCarousel,
  orderCarousel,
  uploadCarouselImage,
  type CarouselImage,
} from '../../api/admin-config';
import { toast } from '../../feedback/toast';
import { moved, refusedBeforeUpload } from './carousel-rules';
import './carousel.css';

/** The browser's choice list; the server still decides by the bytes (and refuses SVG). */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,.jfif';

/**
 * Home carousel images in the settings page (issue 10 "Site settings", reference §3.11
 * upload-carouse-img, §3.12 home-carousel): thumbnails in the home page's order, upload with its
 * progress, move up or down (Verdict's order call), delete after a confirmation.
 */
export function CarouselCard() {
  const { t } = useTranslation();
  const images = useQuery({ queryKey: ['admin-config', 'carousel'], queryFn: getCarousel });
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = images.data ?? [];

  /** Runs a change, then shows the server's list again; a refusal has been toasted by the client. */
  const change = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch {
      // the API client has shown the server's message
    } finally {
      await images.refetch();
      setBusy(false);
    }
  };

  const uploadFiles = async (files: File[]) => {
    for (const file of files) {
      const refusal = refusedBeforeUpload(file);
      if (refusal) {
        toast.error(
          t(`adminConf.carousel.${refusal}`, { name: file.name, max: CAROUSEL_IMAGE.maxBytes / 1048576 }),
        );
        continue;
      }
      setUpload({ name: file.name, percent: 0 });
      await change(
        () => uploadCarouselImage(file, (percent) => setUpload({ name: file.name, percent })),
        t('adminConf.carousel.uploaded'),
      );
    }
    setUpload(null);
  };

  const move = (index: number, by: -1 | 1) =>
    change(() => orderCarousel(moved(list, index, by).map((i) => i.id)), t('adminConf.carousel.ordered'));

  return (
    <Card
      title={t('adminConf.carousel.title')}
      loading={images.isLoading}
      data-testid="conf-carousel"
      extra={
        <Button
          icon={<UploadOutlined />}
          disabled={busy || list.length >= CAROUSEL_IMAGE.maxCount}
          onClick={() => input.current?.click()}
        >
          {t('adminConf.carousel.upload')}
        </Button>
      }
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-label={t('adminConf.carousel.upload')}
        data-testid="carousel-file"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void uploadFiles(files);
        }}
      />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('adminConf.carousel.hint', { max: CAROUSEL_IMAGE.maxBytes / 1048576 })}
        </Typography.Text>
        {upload && (
          <div data-testid="carousel-upload-progress">
            <Typography.Text>{t('adminConf.carousel.uploading', { name: upload.name })}</Typography.Text>
            <Progress percent={upload.percent} size="small" />
          </div>
        )}
        {list.length === 0 ? (
          <Empty description={t('adminConf.carousel.empty')} />
        ) : (
          <ol className="conf-carousel-list">
            {list.map((image, index) => (
              <CarouselItem
                key={image.id}
                image={image}
                index={index}
                last={index === list.length - 1}
                busy={busy}
                onMove={(by) => void move(index, by)}
                onDelete={() =>
                  void change(() => deleteCarouselImage(image.id), t('adminConf.carousel.deleted'))
                }
              />
            ))}
          </ol>
        )}
      </Space>
    </Card>
  );
}

function CarouselItem(props: {
  image: CarouselImage;
  index: number;
  last: boolean;
  busy: boolean;
  onMove(by: -1 | 1): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const { image, index, last, busy } = props;
  const place = index + 1;
  return (
    <li className="conf-carousel-item" data-testid="carousel-item" data-id={image.id}>
      <img src={image.url} alt={t('adminConf.carousel.imageAlt', { place })} loading="lazy" />
      <div className="conf-carousel-actions">
        <Typography.Text strong>#{place}</Typography.Text>
        <Space size={4}>
          <Tooltip title={t('adminConf.carousel.moveUp')}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('adminConf.carousel.moveUpOf', { place })}
              disabled={busy || index === 0}
              onClick={() => props.onMove(-1)}
            />
          </Tooltip>
          <Tooltip title={t('adminConf.carousel.moveDown')}>
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('adminConf.carousel.moveDownOf', { place })}
              disabled={busy || last}
              onClick={() => props.onMove(1)}
            />
          </Tooltip>
          <Popconfirm
            title={t('adminConf.carousel.deleteConfirm')}
            okText={t('adminConf.carousel.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminConf.carousel.cancel')}
            onConfirm={props.onDelete}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('adminConf.carousel.deleteOf', { place })}
              disabled={busy}
            />
          </Popconfirm>
        </Space>
      </div>
    </li>
  );
}
