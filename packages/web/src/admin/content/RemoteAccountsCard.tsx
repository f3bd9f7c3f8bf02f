import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  REMOTE_ACCOUNT_SITES,
  REMOTE_ACCOUNT_SOURCES,
  REMOTE_OJ_NAMES,
  type RemoteAccountSite,
  type RemoteOj,
  type SwitchConfigVO,
} from '@verdict/shared';
import { Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountListsOf, withAccountLists, type AccountRows } from './switch-fields';
import './remote-accounts.css';

/** Each account site by its name (GYM submits with the Codeforces accounts, §10.1). */
const SITE_NAMES = Object.fromEntries(
  Object.entries(REMOTE_ACCOUNT_SOURCES).map(([oj, { field }]) => [field, REMOTE_OJ_NAMES[oj as RemoteOj]]),
) as Record<RemoteAccountSite, string>;

/**
 * The remote-judge account pool on /admin/switch (reference §7.14 `hduUsernameList`…, HOJ's
 * RemoteJudgeAccount cards): per site, rows of account and password, a remove button each, and Add
 * account. switch/info never gives a password: a saved account's password field is empty with
 * "unchanged" as its placeholder, and saved empty it keeps the stored password. Saved with the
 * page's Save button.
 */
export function RemoteAccountsCard({
  saved,
  values,
  onChange,
}: {
  saved: SwitchConfigVO;
  values: SwitchConfigVO;
  onChange: (next: SwitchConfigVO) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('adminContent.switch.remoteAccounts')} className="remote-accounts">
      <Typography.Paragraph type="secondary">
        {t('adminContent.switch.remoteAccountsHelp')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {REMOTE_ACCOUNT_SITES.map((site) => {
          const rows = accountListsOf(values, site);
          const stored = new Set(accountListsOf(saved, site).usernames);
          const change = (next: AccountRows) => onChange(withAccountLists(values, site, next));
          const name = SITE_NAMES[site];
          return (
            <Col xs={24} xxl={12} key={site}>
              <Card
                size="small"
                type="inner"
                title={t('adminContent.switch.siteAccounts', { site: name })}
                data-site={site}
              >
                {rows.usernames.map((username, i) => {
                  const n = i + 1;
                  return (
                    <div className="remote-accounts__row" key={i}>
                      <Space.Compact size="small" className="remote-accounts__field">
                        <Space.Addon>{t('adminContent.switch.account', { n })}</Space.Addon>
                        <Input
                          aria-label={t('adminContent.switch.accountOf', { site: name, n })}
                          value={username}
                          autoComplete="off"
                          onChange={(e) =>
                            change({
                              ...rows,
                              usernames: rows.usernames.map((u, j) => (j === i ? e.target.value : u)),
                            })
                          }
                        />
                      </Space.Compact>
                      <Space.Compact size="small" className="remote-accounts__field">
                        <Space.Addon>{t('adminContent.switch.password', { n })}</Space.Addon>
                        <Input.Password
                          aria-label={t('adminContent.switch.passwordOf', { site: name, n })}
                          value={rows.passwords[i]}
                          autoComplete="new-password"
                          placeholder={
                            stored.has(username.trim()) ? t('adminContent.switch.passwordUnchanged') : ''
                          }
                          onChange={(e) =>
                            change({
                              ...rows,
                              passwords: rows.passwords.map((p, j) => (j === i ? e.target.value : p)),
                            })
                          }
                        />
                      </Space.Compact>
                      <Button
                        size="small"
                        danger
                        shape="circle"
                        icon={<DeleteOutlined />}
                        aria-label={t('adminContent.switch.removeAccount', { site: name, n })}
                        onClick={() =>
                          change({
                            usernames: rows.usernames.filter((_, j) => j !== i),
                            passwords: rows.passwords.filter((_, j) => j !== i),
                          })
                        }
                      />
                    </div>
                  );
                })}
                <Button
                  size="small"
                  type="dashed"
                  icon={<PlusOutlined />}
                  aria-label={t('adminContent.switch.addAccountOf', { site: name })}
                  onClick={() =>
                    change({ usernames: [...rows.usernames, ''], passwords: [...rows.passwords, ''] })
                  }
                >
                  {t('adminContent.switch.addAccount')}
                </Button>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
