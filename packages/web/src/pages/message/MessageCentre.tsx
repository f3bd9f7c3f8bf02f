import { Card, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { MESSAGE_KINDS, MESSAGE_LISTS } from '../../api/message';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useUnreadCounts } from '../../layout/nav/use-unread-counts';
import './message.css';

/**
 * /message (spec part 2 §2.4, login required): the five lists in a menu with their unread counts
 * (the top bar's shared query, so a pushed count shows here too), the open list beside it. Under
 * 768 px the menu runs across the top.
 */
export function MessageCentre() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadCounts();
  const isMobile = useIsMobile();
  const selected = MESSAGE_KINDS.find((kind) => pathname.endsWith(`/message/${kind}`)) ?? 'discuss';

  const items = MESSAGE_KINDS.map((kind) => {
    const count = unread?.[MESSAGE_LISTS[kind].count] ?? 0;
    return {
      key: kind,
      label: (
        <Link to={`/message/${kind}`} className="msg-menu-link">
          <span>{t(`message.menu.${kind}`)}</span>
          {count > 0 && (
            <span className="msg-count" data-kind={kind}>
              {count > 99 ? '99+' : count}
            </span>
          )}
        </Link>
      ),
    };
  });

  return (
    <div className={isMobile ? 'msg-centre msg-centre--mobile' : 'msg-centre'}>
      <Card className="msg-menu-card" title={isMobile ? undefined : t('message.heading')} size="small">
        <Menu
          mode={isMobile ? 'horizontal' : 'inline'}
          selectedKeys={[selected]}
          items={items}
          className="msg-menu"
          aria-label={t('message.heading')}
        />
      </Card>
      <div className="msg-main">
        <Outlet />
      </div>
    </div>
  );
}
