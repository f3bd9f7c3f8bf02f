import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SWITCH_NUMBER_MAX, type SwitchConfigVO } from '@verdict/shared';
import { Alert, Button, Card, Col, Form, InputNumber, Row, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSwitches, updateSwitches } from '../../api/admin-content';
import { registerModeOf, useWebsiteConfig, websiteConfigQuery } from '../../api/home';
import { ApiError } from '../../api/http';
import { toast } from '../../feedback/toast';
import { RemoteAccountsCard } from './RemoteAccountsCard';
import { changedSwitches, fieldOfMessage, SWITCH_GROUPS, type SwitchField as Field } from './switch-fields';
import '../problem/admin-problem.css';

/**
 * /admin/switch (spec part 2 §2.7, reference §3.12, §7.14): every switch and limit of
 * GET /api/admin/switch/info grouped by area, and the remote-judge accounts, saved with PUT
 * /api/admin/switch/update; a value the server refuses shows its message on the field it names.
 */
export function SwitchAdminPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ['admin-content', 'switches'], queryFn: getSwitches });
  const [values, setValues] = useState<SwitchConfigVO | null>(null);
  const [saving, setSaving] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: Field | undefined; message: string } | null>(null);

  useEffect(() => {
    if (info.data) setValues(info.data);
  }, [info.data]);

  const save = async () => {
    if (!values) return;
    setSaving(true);
    setFieldError(null);
    try {
      await updateSwitches(info.data ? changedSwitches(info.data, values) : values);
      toast.success(t('adminContent.switch.saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin-content', 'switches'] });
      // the public config carries the discussion switches and the register mode
      await queryClient.invalidateQueries({ queryKey: websiteConfigQuery.queryKey });
    } catch (error) {
      const message =
        error instanceof ApiError && error.message ? error.message : t('adminContent.switch.saveFailed');
      setFieldError({ field: fieldOfMessage(message), message });
    } finally {
      setSaving(false);
    }
  };

  if (!values) {
    return info.isError ? (
      <Alert type="error" showIcon title={t('adminContent.switch.saveFailed')} />
    ) : (
      <Spin />
    );
  }

  const label = (field: Field) => t(`adminContent.switch.${field}`);
  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminSwitch')}
        </Typography.Title>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('adminContent.switch.save')}
        </Button>
      </div>
      <Form layout="vertical" component="div">
        <Row gutter={[16, 16]}>
          {SWITCH_GROUPS.map((group) => (
            <Col xs={24} lg={12} key={group.key}>
              <Card title={t(`adminContent.switch.${group.key}`)}>
                {group.fields.map((field) => {
                  const value = values[field];
                  const error = fieldError?.field === field ? fieldError.message : undefined;
                  return (
                    <Form.Item
                      key={field}
                      label={label(field)}
                      htmlFor={`ac-switch-${field}`}
                      validateStatus={error ? 'error' : undefined}
                      help={error}
                      extra={field === 'registerNeedsEmailCode' ? <RegisterSwitchHelp /> : undefined}
                    >
                      {typeof value === 'boolean' ? (
                        <Switch
                          id={`ac-switch-${field}`}
                          checked={value}
                          onChange={(checked) => setValues({ ...values, [field]: checked })}
                        />
                      ) : (
                        <InputNumber
                          id={`ac-switch-${field}`}
                          min={0}
                          max={SWITCH_NUMBER_MAX}
                          precision={0}
                          value={value}
                          onChange={(next) => setValues({ ...values, [field]: next ?? 0 })}
                          style={{ width: '100%' }}
                        />
                      )}
                    </Form.Item>
                  );
                })}
              </Card>
            </Col>
          ))}
        </Row>
        {fieldError && !fieldError.field && <Alert type="error" showIcon title={fieldError.message} />}
        {info.data && (
          <div style={{ marginTop: 16 }}>
            <RemoteAccountsCard saved={info.data} values={values} onChange={setValues} />
          </div>
        )}
      </Form>
    </div>
  );
}

/**
 * What registerNeedsEmailCode does, and a warning while it keeps everyone out: the saved setting
 * asks for a mailed code that cannot be sent (issue 24 item 7).
 */
function RegisterSwitchHelp() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  return (
    <>
      <div>{t('adminContent.switch.registerNeedsEmailCodeHelp')}</div>
      {registerModeOf(config) === 'needs-mail' && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title={t('adminContent.switch.registerNeedsMail')}
        />
      )}
    </>
  );
}
