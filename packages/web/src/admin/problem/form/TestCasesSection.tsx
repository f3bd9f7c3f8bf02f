import { DeleteOutlined, DownloadOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { TESTCASE_ZIP_LIMITS, ioScoreOf, isSubtaskMode, type CaseMode } from '@verdict/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Row,
  Statistic,
  Switch,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTestCases, uploadTestCaseZip } from '../../../api/admin-problem';
import { ApiError } from '../../../api/http';
import {
  activeCases,
  caseModesFor,
  casesFromUpload,
  changeCaseMode,
  newManualCase,
  type CaseItem,
  type CaseSource,
} from './problem-form';
import { errorProps, type SectionProps } from './section';
import { toast } from '../../../feedback/toast';

type UploadPhase = 'idle' | 'uploading' | 'processing' | 'done' | 'error';

interface UploadState {
  phase: UploadPhase;
  percent: number;
  fileName: string;
  message: string;
}

const IDLE: UploadState = { phase: 'idle', percent: 0, fileName: '', message: '' };

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

/**
 * Test cases (reference §8.6, §8.10): a zip upload with its progress and errors, the returned pairs
 * with editable scores and groups, or typed cases; the case mode of the problem type, the io score,
 * and the comparison options.
 */
export function TestCasesSection({
  form,
  update,
  errors,
  gid,
}: SectionProps & {
  /** a group problem's group: its admins upload with `gid` (reference §3.11, §7.12) */
  gid?: number;
}) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState<UploadState>(IDLE);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const oi = form.type === 1;
  const subtask = isSubtaskMode(form.judgeCaseMode);
  const cases = activeCases(form);
  const busy = upload.phase === 'uploading' || upload.phase === 'processing';

  const startUpload = async (file: File) => {
    // spec part 2 §8: File_type_not_support / Exceed_max_size_limit before anything is sent
    if (!/\.zip$/i.test(file.name)) {
      const text = t('adminProblem.form.fileTypeNotSupport');
      setUpload({ ...IDLE, phase: 'error', fileName: file.name, message: text });
      toast.error(text);
      return;
    }
    if (file.size > TESTCASE_ZIP_LIMITS.maxZipBytes) {
      const text = t('adminProblem.form.exceedMaxSize', { size: mib(TESTCASE_ZIP_LIMITS.maxZipBytes) });
      setUpload({ ...IDLE, phase: 'error', fileName: file.name, message: text });
      toast.error(text);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ phase: 'uploading', percent: 0, fileName: file.name, message: '' });
    try {
      const answer = await uploadTestCaseZip(
        file,
        form.judgeCaseMode,
        (percent) =>
          setUpload((u) => ({ ...u, percent, phase: percent >= 100 ? 'processing' : 'uploading' })),
        controller.signal,
        gid,
      );
      update((f) => ({
        ...f,
        uploadDir: answer.data.fileListDir,
        uploadedCases: casesFromUpload(answer.data.fileList, f.type, f.judgeCaseMode),
      }));
      setUpload({ phase: 'done', percent: 100, fileName: file.name, message: '' });
      toast.success(t('adminProblem.form.uploaded'));
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'cancelled') return;
      // the client has shown the server's message as a toast; it stays here too
      const text =
        error instanceof ApiError && error.message ? error.message : t('adminProblem.form.uploadFailed');
      setUpload({ phase: 'error', percent: 0, fileName: file.name, message: text });
    }
  };

  const setCase = (source: CaseSource, key: string, change: Partial<CaseItem>) =>
    update((f) => {
      const list = source === 'upload' ? 'uploadedCases' : 'manualCases';
      return { ...f, [list]: f[list].map((c) => (c.key === key ? { ...c, ...change } : c)) };
    });

  const scoreInput = (source: CaseSource, c: CaseItem, n: number) => (
    <InputNumber
      aria-label={`${t('adminProblem.form.caseScore')} ${n}`}
      size="small"
      min={0}
      precision={0}
      value={c.score}
      status={c.score === null ? 'error' : undefined}
      onChange={(score) => setCase(source, c.key, { score })}
      style={{ width: 90 }}
    />
  );
  const groupInput = (source: CaseSource, c: CaseItem, n: number) => (
    <InputNumber
      aria-label={`${t('adminProblem.form.caseGroup')} ${n}`}
      size="small"
      min={1}
      precision={0}
      value={c.groupNum}
      status={c.groupNum === null ? 'error' : undefined}
      onChange={(groupNum) => setCase(source, c.key, { groupNum })}
      style={{ width: 80 }}
    />
  );

  const indexOf = new Map(form.uploadedCases.map((c, i) => [c.key, i + 1]));
  const columns: TableColumnsType<CaseItem> = [
    {
      title: t('adminProblem.form.caseIndex'),
      key: 'index',
      width: 56,
      render: (_, c) => indexOf.get(c.key),
    },
    { title: t('adminProblem.form.caseInput'), dataIndex: 'input', ellipsis: true },
    { title: t('adminProblem.form.caseOutput'), dataIndex: 'output', ellipsis: true },
    ...(oi
      ? [
          {
            title: t('adminProblem.form.caseScore'),
            key: 'score',
            width: 110,
            render: (_: unknown, c: CaseItem) => scoreInput('upload', c, indexOf.get(c.key) ?? 0),
          },
        ]
      : []),
    ...(subtask
      ? [
          {
            title: t('adminProblem.form.caseGroup'),
            key: 'group',
            width: 100,
            sorter: (a: CaseItem, b: CaseItem) => (a.groupNum ?? 0) - (b.groupNum ?? 0),
            render: (_: unknown, c: CaseItem) => groupInput('upload', c, indexOf.get(c.key) ?? 0),
          },
        ]
      : []),
  ];

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('adminProblem.form.caseSource')}>
            <Radio.Group
              aria-label={t('adminProblem.form.caseSource')}
              optionType="button"
              buttonStyle="solid"
              value={form.caseSource}
              onChange={(event) => update({ caseSource: event.target.value as CaseSource })}
              options={(['upload', 'manual'] as const).map((source) => ({
                value: source,
                label: t(`adminProblem.form.caseSources.${source}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('adminProblem.form.caseMode')}
            extra={t(`adminProblem.form.caseModeTips.${form.judgeCaseMode}`)}
            {...errorProps(errors, 'caseMode')}
          >
            <Radio.Group
              aria-label={t('adminProblem.form.caseMode')}
              value={form.judgeCaseMode}
              onChange={(event) => update((f) => changeCaseMode(f, event.target.value as CaseMode))}
              options={caseModesFor(form.type).map((mode) => ({
                value: mode,
                label: t(`adminProblem.form.caseModes.${mode}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item {...errorProps(errors, 'cases')}>
        {form.caseSource === 'upload' ? (
          <div className="ap-upload">
            <Upload.Dragger
              accept=".zip,application/zip"
              multiple={false}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(file) => {
                void startUpload(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('adminProblem.form.uploadZip')}</p>
              <p className="ant-upload-hint">{t('adminProblem.form.uploadHint')}</p>
            </Upload.Dragger>
            {busy && (
              <div className="ap-upload-progress" role="status">
                <Typography.Text>
                  {upload.fileName} ·{' '}
                  {upload.phase === 'processing'
                    ? t('adminProblem.form.uploadProcessing')
                    : t('adminProblem.form.uploading')}
                </Typography.Text>
                <Progress percent={upload.percent} status="active" />
              </div>
            )}
            {upload.phase === 'error' && (
              <Alert
                className="ap-alert"
                type="error"
                showIcon
                title={`${t('adminProblem.form.uploadFailed')}: ${upload.fileName}`}
                description={upload.message}
                closable={{ onClose: () => setUpload(IDLE) }}
              />
            )}
            <div className="ap-cases-head">
              <Typography.Text strong>
                {form.uploadedCases.length === 0
                  ? t('adminProblem.form.noUpload')
                  : form.uploadDir
                    ? t('adminProblem.form.uploadedFrom', { count: form.uploadedCases.length })
                    : t('adminProblem.form.savedFiles', { count: form.uploadedCases.length })}
              </Typography.Text>
              {form.id !== null && (
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  onClick={() => {
                    setDownloading(true);
                    void downloadTestCases(form.id!)
                      .catch(() => undefined)
                      .finally(() => setDownloading(false));
                  }}
                >
                  {t('adminProblem.form.downloadCases')}
                </Button>
              )}
            </div>
            {form.uploadedCases.length > 0 && (
              <Table<CaseItem>
                className="ap-cases-table"
                size="small"
                rowKey="key"
                columns={columns}
                dataSource={form.uploadedCases}
                pagination={form.uploadedCases.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                scroll={{ x: 480 }}
              />
            )}
          </div>
        ) : (
          <div className="ap-manual-cases">
            {form.manualCases.map((c, i) => (
              <Card
                key={c.key}
                size="small"
                className="ap-case"
                title={t('adminProblem.form.caseTitle', { n: i + 1 })}
                extra={
                  <div className="ap-case-extra">
                    {oi && (
                      <label className="ap-inline-field">
                        {t('adminProblem.form.caseScore')} {scoreInput('manual', c, i + 1)}
                      </label>
                    )}
                    {subtask && (
                      <label className="ap-inline-field">
                        {t('adminProblem.form.caseGroup')} {groupInput('manual', c, i + 1)}
                      </label>
                    )}
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('adminProblem.common.remove')} ${t('adminProblem.form.caseTitle', { n: i + 1 })}`}
                      onClick={() =>
                        update((f) => ({ ...f, manualCases: f.manualCases.filter((x) => x.key !== c.key) }))
                      }
                    />
                  </div>
                }
              >
                <Row gutter={[16, 8]}>
                  <Col xs={24} md={12}>
                    <Typography.Text type="secondary" className="ap-case-label">
                      {t('adminProblem.form.caseInput')}
                    </Typography.Text>
                    <Input.TextArea
                      className="ap-mono"
                      aria-label={`${t('adminProblem.form.caseInput')} ${i + 1}`}
                      placeholder={t('adminProblem.form.caseInput')}
                      value={c.input}
                      onChange={(event) => setCase('manual', c.key, { input: event.target.value })}
                      autoSize={{ minRows: 3, maxRows: 12 }}
                    />
                  </Col>
                  <Col xs={24} md={12}>
                    <Typography.Text type="secondary" className="ap-case-label">
                      {t('adminProblem.form.caseOutput')}
                    </Typography.Text>
                    <Input.TextArea
                      className="ap-mono"
                      aria-label={`${t('adminProblem.form.caseOutput')} ${i + 1}`}
                      placeholder={t('adminProblem.form.caseOutput')}
                      value={c.output}
                      onChange={(event) => setCase('manual', c.key, { output: event.target.value })}
                      autoSize={{ minRows: 3, maxRows: 12 }}
                    />
                  </Col>
                </Row>
              </Card>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => update((f) => ({ ...f, manualCases: [...f.manualCases, newManualCase(f)] }))}
            >
              {t('adminProblem.form.addCase')}
            </Button>
          </div>
        )}
      </Form.Item>

      <Row gutter={16} align="middle">
        {oi && (
          <Col xs={24} sm={8}>
            <Statistic
              className="ap-io-score"
              title={t('adminProblem.form.ioScore')}
              value={ioScoreOf(cases, form.judgeCaseMode)}
            />
            <Typography.Text type="secondary" className="ap-note">
              {t('adminProblem.form.ioScoreHelp')}
            </Typography.Text>
          </Col>
        )}
        <Col xs={24} sm={oi ? 8 : 12}>
          <Form.Item
            label={t('adminProblem.form.removeEndBlank')}
            htmlFor="ap-removeEndBlank"
            extra={t('adminProblem.form.removeEndBlankHelp')}
          >
            <Switch
              id="ap-removeEndBlank"
              checked={form.isRemoveEndBlank}
              onChange={(isRemoveEndBlank) => update({ isRemoveEndBlank })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={oi ? 8 : 12}>
          <Form.Item
            label={t('adminProblem.form.openCaseResult')}
            htmlFor="ap-openCaseResult"
            extra={t('adminProblem.form.openCaseResultHelp')}
          >
            <Switch
              id="ap-openCaseResult"
              checked={form.openCaseResult}
              onChange={(openCaseResult) => update({ openCaseResult })}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
