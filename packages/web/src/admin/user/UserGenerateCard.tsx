import { Alert, Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadGenerated, generateUsers } from '../../api/admin-user';
import { toast } from '../../feedback/toast';

/**
 * The generator of /admin/user (reference §3.12 generate-user): prefix + n + suffix for n in
 * [from, to] with random passwords; the account list is then downloadable once (reference §3.11).
 */
export function UserGenerateCard() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ prefix: '', suffix: '', from: 1, to: 10, length: 8 });
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState<'generate' | 'xlsx' | 'csv' | null>(null);

  const generate = async () => {
    setBusy('generate');
    setKey(null);
    try {
      const answer = await generateUsers({
        prefix: form.prefix,
        suffix: form.suffix,
        number_from: form.from,
        number_to: form.to,
        password_length: form.length,
      });
      setKey(answer.key);
      toast.success(t('adminUser.generated'));
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const download = async (format: 'xlsx' | 'csv') => {
    if (!key) return;
    setBusy(format);
    try {
      await downloadGenerated(key, format);
      setKey(null); // the key is spent
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('adminUser.generateTitle')}>
      <Form layout="vertical" className="au-generate">
        <Space wrap align="end">
          <Form.Item label={t('adminUser.prefix')}>
            <Input
              aria-label={t('adminUser.prefix')}
              value={form.prefix}
              onChange={(e) => setForm({ ...form, prefix: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('adminUser.suffix')}>
            <Input
              aria-label={t('adminUser.suffix')}
              value={form.suffix}
              onChange={(e) => setForm({ ...form, suffix: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('adminUser.from')}>
            <InputNumber
              aria-label={t('adminUser.from')}
              min={0}
              value={form.from}
              onChange={(v) => setForm({ ...form, from: v ?? 0 })}
            />
          </Form.Item>
          <Form.Item label={t('adminUser.to')}>
            <InputNumber
              aria-label={t('adminUser.to')}
              min={0}
              value={form.to}
              onChange={(v) => setForm({ ...form, to: v ?? 0 })}
            />
          </Form.Item>
          <Form.Item label={t('adminUser.passwordLength')}>
            <InputNumber
              aria-label={t('adminUser.passwordLength')}
              min={6}
              max={20}
              value={form.length}
              onChange={(v) => setForm({ ...form, length: v ?? 8 })}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" loading={busy === 'generate'} onClick={() => void generate()}>
              {t('adminUser.generate')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
      {key && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('adminUser.onceOnly')} />
          <Space wrap>
            <Button loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => void download('xlsx')}>
              {t('adminUser.downloadXlsx')}
            </Button>
            <Button loading={busy === 'csv'} disabled={busy !== null} onClick={() => void download('csv')}>
              {t('adminUser.downloadCsv')}
            </Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
