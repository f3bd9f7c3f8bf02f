import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  getDashboardInfo,
  getJudgeWorkers,
  getPreviousLogin,
  getServiceInfo,
  type JudgeWorker,
  type WorkerState,
} from '../../api/admin-dashboard';
import { useWebsiteConfig } from '../../api/home';
import { useSession } from '../../store/session';
import { mebibytes, relativeTime } from './relative-time';

/** The judge table and the server card refresh this often (issue 10 "Dashboard"). */
const REFRESH_MS = 10_000;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const STATE_COLOURS: Record<WorkerState, string> = { online: 'green', late: 'orange', gone: 'red' };

/** The admin landing page (spec part 2 §2.7 dashboard, reference §3.12 get-dashboard-info & co.). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const { userInfo } = useSession();
  const counts = useQuery({ queryKey: ['admin-dashboard', 'counts'], queryFn: getDashboardInfo });
  const login = useQuery({ queryKey: ['admin-dashboard', 'session'], queryFn: getPreviousLogin });
  const workers = useQuery({
    queryKey: ['admin-dashboard', 'workers'],
    queryFn: getJudgeWorkers,
    refetchInterval: REFRESH_MS,
  });
  const service = useQuery({
    queryKey: ['admin-dashboard', 'service'],
    queryFn: getServiceInfo,
    refetchInterval: REFRESH_MS,
  });

  const ago = (iso: string | null) => {
    if (!iso) return t('adminDashboard.never');
    const r = relativeTime(iso, Date.now());
    return r.unit === 'justNow'
      ? t('adminDashboard.ago.justNow')
      : t(`adminDashboard.ago.${r.unit}`, { count: r.count });
  };

  const columns: ColumnsType<JudgeWorker> = [
    { title: t('adminDashboard.name'), dataIndex: 'name', key: 'name' },
    { title: t('adminDashboard.host'), dataIndex: 'host', key: 'host' },
    {
      title: t('adminDashboard.languages'),
      dataIndex: 'languages',
      key: 'languages',
      render: (langs: string[] | null) => (
        <Space size={[4, 4]} wrap>
          {(langs ?? []).map((l) => (
            <Tag key={l}>{l}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('adminDashboard.slots'),
      key: 'slots',
      render: (_: unknown, w: JudgeWorker) => `${w.slotsInUse} / ${w.maxTaskNumber ?? '-'}`,
    },
    {
      title: t('adminDashboard.lastHeartbeat'),
      dataIndex: 'lastHeartbeat',
      key: 'lastHeartbeat',
      render: (value: string | null) => (
        <span title={value ? dayjs(value).format(TIME_FORMAT) : undefined}>{ago(value)}</span>
      ),
    },
    { title: t('adminDashboard.judgedLastHour'), dataIndex: 'judgedLastHour', key: 'judged' },
    { title: t('adminDashboard.cpuLoad'), dataIndex: 'percentCpuLoad', key: 'cpu', render: (v) => v ?? '-' },
    {
      title: t('adminDashboard.memoryLoad'),
      dataIndex: 'percentMemoryLoad',
      key: 'mem',
      render: (v) => v ?? '-',
    },
    {
      title: t('adminDashboard.state'),
      dataIndex: 'state',
      key: 'state',
      render: (state: WorkerState, w: JudgeWorker) => (
        <Space size={4}>
          <Tag color={STATE_COLOURS[state]} data-state={state}>
            {t(`adminDashboard.states.${state}`)}
          </Tag>
          {w.disabled && <Tag>{t('adminDashboard.disabled')}</Tag>}
        </Space>
      ),
    },
  ];

  const process = service.data?.backupService[0];
  const uptime = Number(process?.metadata.uptimeSeconds ?? 0);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="admin-dashboard">
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('admin.welcome', { name: config?.name || t('site.fallbackName') })}
        </Typography.Title>
        {userInfo?.username && (
          <Typography.Text type="secondary" className="admin-dashboard-user">
            {userInfo.username}
          </Typography.Text>
        )}
      </div>
      {counts.isError && <Alert type="error" showIcon message={t('adminDashboard.loadFailed')} />}
      <Row gutter={[16, 16]}>
        {(['userNum', 'recentContestNum', 'todayJudgeNum'] as const).map((key) => (
          <Col xs={24} sm={8} key={key}>
            <Card data-testid={`dashboard-${key}`}>
              <Statistic
                title={t(`adminDashboard.${key}`)}
                value={counts.data?.[key]}
                loading={counts.isLoading}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('adminDashboard.previousLogin')}
            loading={login.isLoading}
            data-testid="dashboard-login"
          >
            {login.data ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('adminDashboard.loginTime')}>
                  {dayjs(login.data.gmtCreate).format(TIME_FORMAT)}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.loginIp')}>
                  {login.data.ip ?? '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.loginAgent')}>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>
                    {login.data.userAgent ?? '-'}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            ) : (
              t('adminDashboard.noLogin')
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('adminDashboard.server')} loading={service.isLoading} data-testid="dashboard-server">
            {process && service.data && (
              <Descriptions column={{ xs: 1, sm: 2 }} size="small">
                <Descriptions.Item label={t('adminDashboard.instance')}>
                  {process.instanceId}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.cores')}>
                  {service.data.backupCores}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.cpuLoad')}>
                  {service.data.backupPercentCpuLoad}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.memoryLoad')}>
                  {service.data.backupPercentMemoryLoad}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.nodeVersion')}>
                  {process.metadata.nodeVersion}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.uptime')}>
                  {t('adminDashboard.duration', {
                    hours: Math.floor(uptime / 3600),
                    minutes: Math.floor((uptime % 3600) / 60),
                  })}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.rss')}>
                  {mebibytes(process.metadata.rssBytes)}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.heap')}>
                  {mebibytes(process.metadata.heapUsedBytes)}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminDashboard.monitoring')} span={2}>
                  <Space wrap size={[12, 0]} data-testid="dashboard-monitoring">
                    <a href="/api/health" target="_blank" rel="noreferrer">
                      {t('adminDashboard.health')}
                    </a>
                    <a href="/api/ready" target="_blank" rel="noreferrer">
                      {t('adminDashboard.ready')}
                    </a>
                    <a href="/api-doc" target="_blank" rel="noreferrer">
                      {t('adminDashboard.apiDoc')}
                    </a>
                    <Typography.Text>
                      {t('adminDashboard.metrics')}:{' '}
                      <Typography.Text code copyable>
                        /metrics
                      </Typography.Text>{' '}
                      <Typography.Text type="secondary">({t('adminDashboard.metricsHint')})</Typography.Text>
                    </Typography.Text>
                  </Space>
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
      </Row>
      <Card
        title={t('adminDashboard.workers')}
        extra={
          <Space>
            <Typography.Text type="secondary">{t('adminDashboard.autoRefresh')}</Typography.Text>
            <Button
              icon={<ReloadOutlined />}
              loading={workers.isFetching}
              onClick={() => void workers.refetch()}
              aria-label={t('adminDashboard.refresh')}
            />
          </Space>
        }
      >
        {workers.isError && <Alert type="error" showIcon message={t('adminDashboard.loadFailed')} />}
        <Table<JudgeWorker>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={workers.data ?? []}
          loading={workers.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('adminDashboard.noWorkers') }}
          data-testid="dashboard-workers"
        />
      </Card>
    </Space>
  );
}
