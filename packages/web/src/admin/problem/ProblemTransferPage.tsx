import {
  CloseOutlined,
  DownloadOutlined,
  InboxOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCAL_OJ, PROBLEM_PAGE } from '@verdict/shared';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Progress,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAdminProblemList, type AdminProblem } from '../../api/admin-problem';
import { exportProblems, importProblems } from '../../api/admin-problem-transfer';
import { ApiError } from '../../api/http';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import {
  detectFormat,
  exportQuery,
  fileSize,
  IMPORT_FORMATS,
  IMPORT_ROUTES,
  messageLines,
  resolveFormat,
  resultKind,
  resultRows,
  type FormatChoice,
  type ImportFormat,
  type ResultRow,
} from './transfer-rules';
import './admin-problem.css';
import './problem-transfer.css';

const PAGE_SIZES = [10, 30, 50, 100];
const DATE_FORMAT = 'YYYY-MM-DD HH:mm';

type Picked = Pick<AdminProblem, 'id' | 'problemId' | 'title'>;

type Phase = 'idle' | 'uploading' | 'importing' | 'done';

interface Outcome {
  ok: boolean;
  msg: string;
  rows: ResultRow[];
  fileName: string;
}

/**
 * /admin/problem/batch-operation (spec part 2 §2.7 "export/import problems", reference §3.11, §11;
 * root only, as HOJ's ImportAndExport page): local problems picked by search across pages and
 * exported as one zip, and a file of any of the import formats uploaded with its progress, then
 * its per-problem result.
 */
export function ProblemTransferPage() {
  const { t } = useTranslation();
  return (
    <div className="ap-page ap-transfer">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminProblemBatch')}
        </Typography.Title>
      </div>
      <ExportCard />
      <ImportCard />
    </div>
  );
}

function ExportCard() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [currentPage, setCurrentPage] = useState(1);
  const [limit, setLimit] = useState<number>(PROBLEM_PAGE.adminDefault);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  // the ticked problems of every page, in the order ticked
  const [picked, setPicked] = useState<Map<number, Picked>>(new Map());
  const [exporting, setExporting] = useState(false);

  // HOJ's page lists its own problems (oj "Mine"): remote problems have no test data to export
  const params = { currentPage, limit, keyword: keyword || undefined, oj: LOCAL_OJ };
  const list = useQuery({
    queryKey: ['admin-problem', 'list', params],
    queryFn: () => getAdminProblemList(params),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];

  const onSelectionChange = (keys: Key[]) => {
    const wanted = new Set(keys.map(Number));
    setPicked((old) => {
      const next = new Map<number, Picked>();
      for (const [id, row] of old) if (wanted.has(id)) next.set(id, row);
      for (const row of records)
        if (wanted.has(row.id) && !next.has(row.id))
          next.set(row.id, { id: row.id, problemId: row.problemId, title: row.title });
      return next;
    });
  };
  const unpick = (id: number) =>
    setPicked((old) => {
      const next = new Map(old);
      next.delete(id);
      return next;
    });

  const runExport = async () => {
    if (picked.size === 0) {
      toast.error(t('adminProblemTransfer.exportNone'));
      return;
    }
    setExporting(true);
    try {
      await exportProblems(exportQuery([...picked.keys()]));
    } catch {
      // the client has shown the server's message
    } finally {
      setExporting(false);
    }
  };

  const problemId = (row: AdminProblem) => <span className="ap-problem-id">{row.problemId}</span>;
  const columns: TableColumnsType<AdminProblem> = isMobile
    ? [
        {
          title: t('adminProblemTransfer.title'),
          key: 'problem',
          render: (_, row) => (
            <div className="ap-list-problem">
              {problemId(row)}
              <div className="ap-list-title">{row.title}</div>
            </div>
          ),
        },
        { title: t('adminProblemTransfer.author'), dataIndex: 'author', width: 110, ellipsis: true },
      ]
    : [
        { title: t('adminProblemTransfer.id'), dataIndex: 'id', width: 80 },
        {
          title: t('adminProblemTransfer.problemId'),
          dataIndex: 'problemId',
          width: 140,
          render: (_, row) => problemId(row),
        },
        { title: t('adminProblemTransfer.title'), dataIndex: 'title', ellipsis: true },
        {
          title: t('adminProblemTransfer.author'),
          dataIndex: 'author',
          width: 140,
          ellipsis: true,
          responsive: ['lg'],
        },
        {
          title: t('adminProblemTransfer.created'),
          dataIndex: 'gmtCreate',
          width: 160,
          responsive: ['lg'],
          render: (value: string) => dayjs(value).format(DATE_FORMAT),
        },
      ];

  return (
    <Card className="ap-transfer-card" title={t('adminProblemTransfer.exportTitle')}>
      <Typography.Paragraph type="secondary">{t('adminProblemTransfer.exportHint')}</Typography.Paragraph>
      <div className="ap-toolbar">
        <Input.Search
          className="ap-search"
          allowClear
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setCurrentPage(1);
          }}
          placeholder={t('adminProblemTransfer.search')}
          aria-label={t('adminProblemTransfer.searchLabel')}
          enterButton
        />
        <Tooltip title={t('adminProblemTransfer.refresh')}>
          <Button
            icon={<ReloadOutlined spin={list.isFetching} />}
            aria-label={t('adminProblemTransfer.refresh')}
            onClick={() => void list.refetch()}
          />
        </Tooltip>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={picked.size === 0}
          onClick={() => void runExport()}
        >
          {picked.size > 0
            ? `${t('adminProblemTransfer.export')} (${picked.size})`
            : t('adminProblemTransfer.export')}
        </Button>
      </div>
      <div
        className="ap-transfer-picked"
        role="region"
        aria-label={t('adminProblemTransfer.selected', { count: picked.size })}
      >
        <Typography.Text strong>
          {picked.size === 0
            ? t('adminProblemTransfer.noneSelected')
            : t('adminProblemTransfer.selected', { count: picked.size })}
        </Typography.Text>
        {[...picked.values()].map((row) => (
          <Tag
            key={row.id}
            className="ap-transfer-tag"
            closable={{
              closeIcon: <CloseOutlined />,
              'aria-label': t('adminProblemTransfer.unselect', { problemId: row.problemId }),
            }}
            onClose={(event) => {
              event.preventDefault();
              unpick(row.id);
            }}
            title={row.title}
          >
            {row.problemId}
          </Tag>
        ))}
        {picked.size > 0 && (
          <Button type="link" size="small" onClick={() => setPicked(new Map())}>
            {t('adminProblemTransfer.clear')}
          </Button>
        )}
      </div>
      <Table<AdminProblem>
        rowKey="id"
        size={isMobile ? 'small' : 'middle'}
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          onChange: onSelectionChange,
          getCheckboxProps: (row) => ({ 'aria-label': row.problemId }),
        }}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          simple: isMobile,
          showTotal: (total) => t('adminProblemTransfer.total', { total }),
          onChange: (page, size) => {
            setCurrentPage(size === limit ? page : 1);
            setLimit(size);
          },
        }}
      />
    </Card>
  );
}

function ImportCard() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<FormatChoice>('detect');
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportFormat | undefined>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const abort = useRef<AbortController | null>(null);

  const busy = phase === 'uploading' || phase === 'importing';
  const format = resolveFormat(choice, file?.name ?? null, answer);
  const detection = file && choice === 'detect' ? detectFormat(file.name) : null;
  const formatName = (f: FormatChoice) => t(`adminProblemTransfer.formats.${f}`);

  const pickFile = (next: File) => {
    setFile(next);
    setAnswer(undefined);
    setOutcome(null);
    setPhase('idle');
  };

  const runImport = async () => {
    if (!file || !format) return;
    const controller = new AbortController();
    abort.current = controller;
    setOutcome(null);
    setPercent(0);
    setPhase('uploading');
    try {
      const answered = await importProblems(
        IMPORT_ROUTES[format],
        file,
        (value) => {
          setPercent(value);
          // the whole file is sent: the server now reads and saves the problems
          if (value >= 100) setPhase('importing');
        },
        controller.signal,
      );
      const rows = resultRows(answered.data);
      setOutcome({ ok: answered.ok, msg: answered.msg, rows, fileName: file.name });
      setPhase('done');
      if (answered.ok) toast.success(t('adminProblemTransfer.imported'));
      if (rows.some((row) => row.outcome === 'imported'))
        await queryClient.invalidateQueries({ queryKey: ['admin-problem', 'list'] });
    } catch (error) {
      // cancelled: back to the chosen file; a time-out or a broken connection: the client's toast,
      // kept here too
      setPhase('idle');
      if (error instanceof ApiError && error.kind !== 'cancelled')
        setOutcome({ ok: false, msg: error.message, rows: [], fileName: file.name });
    } finally {
      abort.current = null;
    }
  };

  const rows = outcome?.rows ?? [];
  const imported = rows.filter((row) => row.outcome === 'imported').length;
  const kind = outcome ? resultKind(outcome.ok, rows) : null;
  const summary =
    kind === 'success'
      ? t('adminProblemTransfer.resultSuccess', { imported })
      : kind === 'partial'
        ? t('adminProblemTransfer.resultPartial', { imported, failed: rows.length - imported })
        : t('adminProblemTransfer.resultFailure');
  const outcomeTag = (row: ResultRow) => (
    <Tag color={row.outcome === 'imported' ? 'success' : row.outcome === 'repeat' ? 'warning' : 'error'}>
      {t(`adminProblemTransfer.outcomes.${row.outcome}`)}
    </Tag>
  );
  const detail = (row: ResultRow) =>
    row.outcome === 'imported' ? (
      row.pid ? (
        <Link
          to={`/admin/problem/edit/${row.pid}`}
          aria-label={t('adminProblemTransfer.edit', { problemId: row.problemId })}
        >
          {row.title || row.problemId}
        </Link>
      ) : (
        row.title
      )
    ) : (
      <span className="ap-transfer-reason">{row.reason}</span>
    );
  const resultColumns: TableColumnsType<ResultRow> = isMobile
    ? [
        {
          title: t('adminProblemTransfer.problemId'),
          key: 'problem',
          render: (_, row) => (
            <div className="ap-list-problem">
              <Space size={4} wrap>
                <span className="ap-problem-id">{row.problemId || row.entry}</span>
                {outcomeTag(row)}
              </Space>
              <div className="ap-list-title">{detail(row)}</div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('adminProblemTransfer.problemId'),
          dataIndex: 'problemId',
          width: 150,
          render: (_, row) => <span className="ap-problem-id">{row.problemId}</span>,
        },
        {
          title: t('adminProblemTransfer.entry'),
          dataIndex: 'entry',
          width: 170,
          ellipsis: true,
          responsive: ['lg'],
        },
        {
          title: t('adminProblemTransfer.outcome'),
          key: 'outcome',
          width: 110,
          render: (_, row) => outcomeTag(row),
        },
        { title: t('adminProblemTransfer.detail'), key: 'detail', render: (_, row) => detail(row) },
      ];

  return (
    <Card className="ap-transfer-card" title={t('adminProblemTransfer.importTitle')}>
      <Form layout="vertical" className="ap-transfer-form" component="div">
        <Form.Item
          label={t('adminProblemTransfer.format')}
          htmlFor="ap-transfer-format"
          extra={choice === 'detect' ? t('adminProblemTransfer.detectHint') : undefined}
        >
          <Select<FormatChoice>
            id="ap-transfer-format"
            className="ap-transfer-select"
            aria-label={t('adminProblemTransfer.format')}
            value={choice}
            disabled={busy}
            onChange={(value) => {
              setChoice(value);
              setAnswer(undefined);
            }}
            options={(['detect', ...IMPORT_FORMATS] as FormatChoice[]).map((value) => ({
              value,
              label: formatName(value),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('adminProblemTransfer.file')}>
          <Upload.Dragger
            accept={
              choice === 'detect' ? '.zip,.xml' : choice === 'fps' ? '.xml,text/xml' : '.zip,application/zip'
            }
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(next) => {
              pickFile(next);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('adminProblemTransfer.chooseFile')}</p>
            <p className="ant-upload-hint">{t('adminProblemTransfer.chooseHint')}</p>
          </Upload.Dragger>
          {file && (
            <div className="ap-transfer-file" data-testid="import-file">
              <Typography.Text className="ap-transfer-file-name" ellipsis={{ tooltip: file.name }}>
                {file.name} · {fileSize(file.size)}
              </Typography.Text>
              {detection && 'format' in detection && (
                <Tag color="blue">
                  {t('adminProblemTransfer.detected', { format: formatName(detection.format) })}
                </Tag>
              )}
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('adminProblemTransfer.removeFile')}
                disabled={busy}
                onClick={() => {
                  setFile(null);
                  setAnswer(undefined);
                }}
              />
            </div>
          )}
        </Form.Item>
        {detection && 'ask' in detection && (
          <Form.Item
            label={
              detection.ask.includes('fps')
                ? t('adminProblemTransfer.askAny')
                : t('adminProblemTransfer.askZip')
            }
            htmlFor="ap-transfer-ask"
            required
          >
            <Select<ImportFormat>
              id="ap-transfer-ask"
              className="ap-transfer-select"
              aria-label={
                detection.ask.includes('fps')
                  ? t('adminProblemTransfer.askAny')
                  : t('adminProblemTransfer.askZip')
              }
              placeholder={t('adminProblemTransfer.askPlaceholder')}
              value={answer}
              disabled={busy}
              onChange={setAnswer}
              options={detection.ask.map((value) => ({ value, label: formatName(value) }))}
            />
          </Form.Item>
        )}
        <Space wrap>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            disabled={!file || !format || busy}
            loading={busy}
            onClick={() => void runImport()}
          >
            {t('adminProblemTransfer.import')}
          </Button>
          {phase === 'uploading' && (
            <Button onClick={() => abort.current?.abort()}>{t('adminProblemTransfer.cancel')}</Button>
          )}
        </Space>
      </Form>

      {busy && (
        <div className="ap-upload-progress" role="status" data-testid="import-progress">
          {phase === 'uploading' ? (
            <>
              <Typography.Text>
                {t('adminProblemTransfer.uploading', { name: file?.name ?? '' })}
              </Typography.Text>
              <Progress percent={percent} status="active" />
            </>
          ) : (
            <>
              <Space>
                <Spin size="small" />
                <Typography.Text data-testid="import-importing">
                  {t('adminProblemTransfer.importing')}
                </Typography.Text>
              </Space>
              <Progress percent={100} status="active" showInfo={false} />
            </>
          )}
        </div>
      )}

      {outcome && (
        <section
          className="ap-transfer-result"
          aria-label={t('adminProblemTransfer.resultTitle')}
          data-testid="import-result"
        >
          <Alert
            className="ap-alert"
            type={kind === 'success' ? 'success' : kind === 'partial' ? 'warning' : 'error'}
            showIcon
            title={`${summary} · ${outcome.fileName}`}
            description={
              <div className="ap-transfer-msg" data-testid="import-message">
                {messageLines(outcome.msg).map((line, i) => (
                  <div key={i}>{line}</div>
                ))}
              </div>
            }
          />
          {rows.length > 0 && (
            <Table<ResultRow>
              rowKey="key"
              size={isMobile ? 'small' : 'middle'}
              columns={resultColumns}
              dataSource={rows}
              pagination={rows.length > 20 ? { pageSize: 20, simple: isMobile } : false}
            />
          )}
        </section>
      )}
    </Card>
  );
}
