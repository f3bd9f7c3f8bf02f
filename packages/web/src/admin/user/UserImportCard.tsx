import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importUsers, type ImportRowError } from '../../api/admin-user';
import { ApiError } from '../../api/http';
import { toast } from '../../feedback/toast';
import { IMPORT_COLUMNS, previewImport, type ImportPreviewRow, type RowProblem } from './user-csv';
import { newImportId, UserImportProgress } from './UserImportProgress';

/**
 * The import of /admin/user (reference §3.12 insert-batch-user): CSV pasted or read from a file,
 * parsed and checked here, shown row by row with its errors before anything is sent; a refusal of
 * the server (e.g. a username already taken) lands in the same table. While the server hashes the
 * passwords (about two minutes for 2,000 users) a bar shows how many are done.
 */
export function UserImportCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [serverErrors, setServerErrors] = useState<ImportRowError[]>([]);
  /** the running import's id, whose progress is shown while the request runs */
  const [importing, setImporting] = useState<{ id: string; total: number } | null>(null);
  const rows = useMemo(() => previewImport(text), [text]);
  const badRows = rows.filter((r) => r.problems.length > 0).length;

  const problemText = (p: RowProblem) => {
    switch (p.key) {
      case 'passwordLength':
        return t('adminUser.problem.passwordLength', { min: p.min, max: p.max });
      case 'tooLong':
        return t('adminUser.problem.tooLong', { field: p.field, max: p.max });
      case 'duplicate':
        return t('adminUser.problem.duplicate', { row: p.row });
      default:
        return t(`adminUser.problem.${p.key}`);
    }
  };
  const reasonsOf = (row: ImportPreviewRow) => [
    ...row.problems.map(problemText),
    ...(serverErrors.find((e) => e.row === row.row)?.reasons ?? []),
  ];

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setServerErrors([]);
    setText(await file.text());
  };

  const submit = async () => {
    const id = newImportId();
    setImporting({ id, total: rows.length });
    setServerErrors([]);
    try {
      await importUsers(
        rows.map((r) => r.cells),
        id,
      );
      toast.success(t('adminUser.imported'));
      setText('');
      await queryClient.invalidateQueries({ queryKey: ['admin-user'] });
    } catch (error) {
      const data =
        error instanceof ApiError ? (error.response?.data as { data?: { errors?: ImportRowError[] } }) : null;
      setServerErrors(data?.data?.errors ?? []);
    } finally {
      setImporting(null);
    }
  };

  const columns: TableColumnsType<ImportPreviewRow> = [
    { title: t('adminUser.row'), dataIndex: 'row', width: 60 },
    ...IMPORT_COLUMNS.map((name, i) => ({
      title: name,
      key: name,
      render: (_: unknown, row: ImportPreviewRow) => (name === 'password' ? '••••••' : (row.cells[i] ?? '')),
    })),
    {
      title: t('adminUser.problems'),
      key: 'problems',
      render: (_, row) => {
        const reasons = reasonsOf(row);
        return reasons.length === 0 ? (
          <Tag color="success">{t('adminUser.rowOk')}</Tag>
        ) : (
          <Typography.Text type="danger" className="au-row-error">
            {reasons.join('; ')}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <Card title={t('adminUser.importTitle')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('adminUser.importHint')}</Typography.Text>
        <Input.TextArea
          aria-label={t('adminUser.csvText')}
          rows={5}
          value={text}
          onChange={(e) => {
            setServerErrors([]);
            setText(e.target.value);
          }}
        />
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => document.getElementById('au-csv-file')?.click()}>
            {t('adminUser.upload')}
          </Button>
          <input
            id="au-csv-file"
            type="file"
            accept=".csv,text/csv"
            hidden
            onChange={(e) => {
              void readFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            type="primary"
            loading={importing !== null}
            disabled={rows.length === 0 || badRows > 0}
            onClick={() => void submit()}
          >
            {t('adminUser.import')}
          </Button>
        </Space>
        {importing && <UserImportProgress importId={importing.id} total={importing.total} />}
        {badRows > 0 && <Alert type="error" showIcon title={t('adminUser.fixRows', { count: badRows })} />}
        {serverErrors.length > 0 && (
          <Alert type="error" showIcon title={t('adminUser.serverRefused', { count: serverErrors.length })} />
        )}
        {rows.length > 0 && (
          <Table<ImportPreviewRow>
            aria-label={t('adminUser.preview')}
            size="small"
            rowKey="row"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 20 ? { pageSize: 20 } : false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Space>
    </Card>
  );
}
