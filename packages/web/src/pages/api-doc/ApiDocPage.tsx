import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageLoading } from '../../components/PageLoading';
import {
  envelopeData,
  outline,
  typeOf,
  type ApiDocument,
  type ApiOperation,
  type JsonSchema,
} from './api-document';
import './api-doc.css';

const DOCUMENT_URL = '/api/openapi.json';

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', delete: 'red' };

/** An operation's access rule in the reader's language. */
function accessText(rule: ApiOperation['x-access'], t: TFunction): string {
  const kinds = ['anon', 'open', 'login', 'judge', 'service'] as const;
  const kind = kinds.find((k) => k === rule.auth);
  const parts = [kind ? t(`apiDoc.rule.${kind}`) : rule.auth];
  if (rule.roles?.length) parts.push(t('apiDoc.rule.roles', { list: rule.roles.join(', ') }));
  if (rule.permissions?.length)
    parts.push(t('apiDoc.rule.permissions', { list: rule.permissions.join(', ') }));
  return parts.join(t('apiDoc.rule.separator'));
}

async function fetchDocument(): Promise<ApiDocument> {
  const response = await fetch(DOCUMENT_URL);
  if (!response.ok) throw new Error(`${response.status}`);
  return (await response.json()) as ApiDocument;
}

/** A schema's fields as an indented list. */
function SchemaOutline({ schema, doc }: { schema: JsonSchema; doc: ApiDocument }) {
  const { t } = useTranslation();
  const lines = outline(schema, doc);
  if (lines.length === 0) return <Typography.Text code>{typeOf(schema, doc)}</Typography.Text>;
  return (
    <ul className="api-doc-outline">
      {lines.map((line, i) => (
        <li key={i} style={{ paddingInlineStart: line.depth * 20 }}>
          <Typography.Text code>{line.name}</Typography.Text> <Typography.Text>{line.type}</Typography.Text>
          {!line.required && <Typography.Text type="secondary"> ({t('apiDoc.optional')})</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}

function OperationDetails({ op, doc }: { op: ApiOperation; doc: ApiDocument }) {
  const { t } = useTranslation();
  const ok = op.responses['200'];
  const [contentType, content] = Object.entries(ok?.content ?? {})[0] ?? [];
  const body = op.requestBody?.content['application/json']?.schema;
  return (
    <Space direction="vertical" size="middle" className="api-doc-operation">
      <Typography.Text>
        <Typography.Text strong>{t('apiDoc.access')}: </Typography.Text>
        {accessText(op['x-access'], t)}
      </Typography.Text>
      {op.parameters && (
        <div>
          <Typography.Title level={5}>{t('apiDoc.parameters')}</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey={(p) => `${p.in}:${p.name}`}
            dataSource={op.parameters}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('apiDoc.columns.name'),
                dataIndex: 'name',
                render: (name: string) => <code>{name}</code>,
              },
              { title: t('apiDoc.columns.in'), dataIndex: 'in' },
              { title: t('apiDoc.columns.type'), render: (_, p) => typeOf(p.schema, doc) },
              {
                title: t('apiDoc.columns.required'),
                dataIndex: 'required',
                render: (required: boolean) => (required ? t('apiDoc.required') : t('apiDoc.optional')),
              },
            ]}
          />
        </div>
      )}
      {body && (
        <div>
          <Typography.Title level={5}>{t('apiDoc.body')}</Typography.Title>
          <SchemaOutline schema={body} doc={doc} />
        </div>
      )}
      <div>
        <Typography.Title level={5}>{t('apiDoc.response')}</Typography.Title>
        {!content ? (
          <Typography.Text type="secondary">{t('apiDoc.undocumented')}</Typography.Text>
        ) : contentType === 'application/json' && content.schema.properties?.data ? (
          <SchemaOutline schema={envelopeData(content.schema)} doc={doc} />
        ) : (
          <Typography.Text>{t('apiDoc.file', { type: contentType })}</Typography.Text>
        )}
      </div>
    </Space>
  );
}

/** /api-doc (issue 28): the API document for people, read from /api/openapi.json, by tag. */
export function ApiDocPage() {
  const { t } = useTranslation();
  const document = useQuery({ queryKey: ['openapi'], queryFn: fetchDocument, staleTime: Infinity });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string>();

  const groups = useMemo(() => {
    const doc = document.data;
    if (!doc) return [];
    const needle = search.trim().toLowerCase();
    const byTag = new Map<string, { method: string; path: string; op: ApiOperation }[]>();
    for (const [path, item] of Object.entries(doc.paths)) {
      if (needle && !path.toLowerCase().includes(needle)) continue;
      for (const [method, op] of Object.entries(item)) {
        const name = op.tags[0] ?? '';
        if (tag && name !== tag) continue;
        byTag.set(name, [...(byTag.get(name) ?? []), { method, path, op }]);
      }
    }
    return [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [document.data, search, tag]);

  if (document.isPending) return <PageLoading />;
  if (document.isError) return <Alert type="error" showIcon message={t('apiDoc.loadFailed')} />;
  const doc = document.data;

  return (
    <Card
      className="api-doc-page"
      title={t('apiDoc.title')}
      extra={
        <Button href={DOCUMENT_URL} target="_blank" rel="noreferrer">
          {t('apiDoc.download')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('apiDoc.intro')}</Typography.Paragraph>
      <Space wrap className="api-doc-filters">
        <Input.Search
          allowClear
          placeholder={t('apiDoc.search')}
          onChange={(e) => setSearch(e.target.value)}
          aria-label={t('apiDoc.search')}
        />
        <Select
          allowClear
          showSearch
          placeholder={t('apiDoc.allTags')}
          value={tag}
          onChange={setTag}
          options={doc.tags.map((x) => ({ value: x.name, label: x.name }))}
          className="api-doc-tag-select"
          aria-label={t('apiDoc.allTags')}
        />
      </Space>
      {groups.length === 0 && <Empty description={t('apiDoc.empty')} />}
      {groups.map(([name, operations]) => (
        <section key={name} className="api-doc-tag" data-testid={`api-doc-tag-${name}`}>
          <Typography.Title level={4}>
            {name}{' '}
            <Typography.Text type="secondary">
              {t('apiDoc.operations', { count: operations.length })}
            </Typography.Text>
          </Typography.Title>
          <Collapse
            items={operations.map(({ method, path, op }) => ({
              key: op.operationId,
              label: (
                <span className="api-doc-summary">
                  <Tag color={METHOD_COLORS[method]}>{method.toUpperCase()}</Tag>
                  <code>{path}</code>
                </span>
              ),
              children: <OperationDetails op={op} doc={doc} />,
            }))}
          />
        </section>
      ))}
    </Card>
  );
}
