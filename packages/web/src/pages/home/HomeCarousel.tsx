import { useQuery } from '@tanstack/react-query';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { getHomeCarousel, type WebsiteConfig } from '../../api/home';
import {
  HOME_CAROUSEL_HEIGHT_PX,
  HOME_CAROUSEL_INTERVAL_MS,
  HOME_CAROUSEL_MOBILE_HEIGHT_PX,
} from '../../config/constants';
import { useIsMobile } from '../../layout/use-is-mobile';
import { HomeBanner } from './HomeBanner';

/**
 * Spec part 1 §2 "Home": the admin's carousel images, turning every 5 s, 440 px high (200 px under
 * 768 px). Until they load, and when there are none, the site's banner stands in their place.
 */
export function HomeCarousel({
  config,
  configLoading,
}: {
  config: WebsiteConfig | undefined;
  configLoading: boolean;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const height = isMobile ? HOME_CAROUSEL_MOBILE_HEIGHT_PX : HOME_CAROUSEL_HEIGHT_PX;
  const images = useQuery({ queryKey: ['home-carousel'], queryFn: getHomeCarousel, staleTime: 5 * 60_000 });

  if (!images.data || images.data.length === 0) {
    return <HomeBanner config={config} loading={configLoading || images.isPending} />;
  }
  return (
    <section className="home-carousel" style={{ height }} aria-roledescription="carousel">
      <Carousel autoplay autoplaySpeed={HOME_CAROUSEL_INTERVAL_MS} draggable>
        {images.data.map((image, index) => (
          <div key={image.id}>
            <img
              className="home-carousel__image"
              src={image.url}
              alt={t('home.carouselImage', { index: index + 1 })}
              style={{ height }}
              draggable={false}
            />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
