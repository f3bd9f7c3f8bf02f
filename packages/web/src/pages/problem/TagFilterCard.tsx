import { TagsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Collapse, Empty, Input, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTagsAndClassification, type Tag as ProblemTag } from '../../api/problem';

interface TagFilterCardProps {
  /** the tag namespace: ALL, ME or a remote judge */
  namespace: string;
  selected: number[];
  onChange: (ids: number[]) => void;
}

/** Spec part 1 §2: the tag filter, searchable, grouped by classification. */
export function TagFilterCard({ namespace, selected, onChange }: TagFilterCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data, isPending } = useQuery({
    queryKey: ['problem-tags-classified', namespace],
    queryFn: () => getTagsAndClassification(namespace),
    staleTime: 5 * 60_000,
  });

  const needle = search.trim().toLowerCase();
  const groups = useMemo(
    () =>
      (data ?? [])
        .map((group, index) => ({
          key: String(group.classification?.id ?? `other-${index}`),
          name: group.classification?.name ?? null,
          tags: group.tagList.filter((tag) => needle === '' || tag.name.toLowerCase().includes(needle)),
        }))
        .filter((group) => group.tags.length > 0),
    [data, needle],
  );
  const byId = useMemo(() => {
    const map = new Map<number, ProblemTag>();
    for (const group of data ?? []) for (const tag of group.tagList) map.set(tag.id, tag);
    return map;
  }, [data]);

  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  const renderTags = (tags: ProblemTag[]) => (
    <div className="tag-filter__tags">
      {tags.map((tag) => (
        <Tag.CheckableTag
          key={tag.id}
          checked={selected.includes(tag.id)}
          onChange={() => toggle(tag.id)}
          className="tag-filter__tag"
        >
          {tag.name}
        </Tag.CheckableTag>
      ))}
    </div>
  );

  return (
    <Card
      className="problem-side-card tag-filter"
      title={
        <span>
          <TagsOutlined /> {t('problem.list.tags')}
        </span>
      }
      extra={
        selected.length > 0 ? (
          <Button type="link" size="small" onClick={() => onChange([])}>
            {t('problem.list.clearTags')}
          </Button>
        ) : null
      }
    >
      {selected.length > 0 ? (
        <div className="tag-filter__selected" aria-label={t('problem.list.selectedTags')}>
          {selected.map((id) => (
            <Tag
              key={id}
              closable
              color={byId.get(id)?.color ?? 'blue'}
              onClose={(e) => {
                e.preventDefault();
                toggle(id);
              }}
            >
              {byId.get(id)?.name ?? `#${id}`}
            </Tag>
          ))}
        </div>
      ) : null}
      <Input.Search
        allowClear
        size="small"
        placeholder={t('problem.list.searchTags')}
        aria-label={t('problem.list.searchTags')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="tag-filter__search"
      />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('problem.list.noTags')} />
      ) : groups.length === 1 && groups[0]!.name === null ? (
        renderTags(groups[0]!.tags)
      ) : (
        <Collapse
          size="small"
          ghost
          defaultActiveKey={groups.slice(0, 3).map((g) => g.key)}
          items={groups.map((group) => ({
            key: group.key,
            label: `${group.name ?? t('problem.list.otherTags')} (${group.tags.length})`,
            children: renderTags(group.tags),
          }))}
        />
      )}
    </Card>
  );
}
