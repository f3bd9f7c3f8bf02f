import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDiscussion, updateDiscussion, type CategoryVO, type DiscussionVO } from '../../api/discussion';
import { addGroupDiscussion, updateGroupDiscussion } from '../../api/group-activity';
import { MarkdownComposer } from '../../components/comments';
import { toast } from '../../feedback/toast';
import { useDiscussionPaths } from './discussion-paths';
import { draftProblem, titleWithProblem, type DiscussionDraft, type DraftField } from './discussion-rules';

const emptyDraft = (pid: string): DiscussionDraft => ({
  title: '',
  description: '',
  categoryId: null,
  pid,
  content: '',
});

const draftOf = (d: DiscussionVO): DiscussionDraft => ({
  title: d.title ?? '',
  description: d.description ?? '',
  categoryId: d.categoryId,
  pid: d.pid ?? '',
  content: d.content ?? '',
});

/**
 * Create or edit a discussion in a full-screen dialog (spec part 2 §2.3): title, description,
 * category (fixed when editing), an optional problem id, and the markdown content with preview,
 * emoji and helpers. The checks run in the order of spec part 2 §5 before anything is sent.
 */
export function DiscussionEditor({
  open,
  editing,
  presetPid,
  categories,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the discussion to edit (with its content), or null to create one */
  editing: DiscussionVO | null;
  /** the problem of a problem-scoped list */
  presetPid?: string;
  categories: CategoryVO[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  // inside a group the post goes to the group's calls with its gid (reference §3.10)
  const { gid } = useDiscussionPaths();
  const [draft, setDraft] = useState<DiscussionDraft>(emptyDraft(presetPid ?? ''));
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setDraft(editing ? draftOf(editing) : emptyDraft(presetPid ?? ''));
    setTried(false);
  }, [open, editing, presetPid]);

  const problem = tried ? draftProblem(draft) : null;
  const fieldLabel = (field: DraftField) =>
    t(`discussion.editor.${field === 'categoryId' ? 'category' : field}`);
  const errorOf = (field: DraftField) =>
    problem?.field === field
      ? problem.kind === 'required'
        ? t('discussion.editor.required', { field: fieldLabel(field) })
        : t('discussion.editor.tooLong', { max: problem.max })
      : undefined;
  const status = (field: DraftField) => (errorOf(field) ? 'error' : undefined);

  const save = async () => {
    setTried(true);
    const found = draftProblem(draft);
    if (found) {
      toast.error(
        found.kind === 'required'
          ? t('discussion.editor.required', { field: fieldLabel(found.field) })
          : t('discussion.editor.tooLong', { max: found.max }),
      );
      return;
    }
    const pid = draft.pid.trim();
    const body = {
      title: titleWithProblem(draft.title, pid),
      description: draft.description.trim(),
      categoryId: draft.categoryId!,
      content: draft.content,
      pid: pid || null,
    };
    setSaving(true);
    try {
      if (editing) {
        await (gid !== undefined ? updateGroupDiscussion : updateDiscussion)({ ...body, id: editing.id });
        toast.success(t('discussion.editor.updated'));
      } else {
        await (gid !== undefined ? addGroupDiscussion({ ...body, gid }) : addDiscussion(body));
        toast.success(t('discussion.editor.posted'));
      }
      onSaved();
      onClose();
    } catch {
      // the client has shown the server's refusal; the draft stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'discussion.editor.editTitle' : 'discussion.editor.createTitle')}
      onCancel={onClose}
      width="100vw"
      className="discussion-editor"
      wrapClassName="discussion-editor-wrap"
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('discussion.editor.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="discussion-save">
            {t(editing ? 'discussion.editor.update' : 'discussion.editor.submit')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" className="discussion-editor__form" component="div">
        <div className="discussion-editor__row">
          <Form.Item
            label={t('discussion.editor.title')}
            htmlFor="discussion-title"
            required
            validateStatus={status('title')}
            help={errorOf('title')}
            className="discussion-editor__title"
          >
            <Input
              id="discussion-title"
              value={draft.title}
              maxLength={255}
              showCount
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
          </Form.Item>
          <Form.Item
            label={t('discussion.editor.category')}
            htmlFor="discussion-category"
            required
            validateStatus={status('categoryId')}
            help={errorOf('categoryId')}
            className="discussion-editor__category"
          >
            <Select<number>
              id="discussion-category"
              aria-label={t('discussion.editor.category')}
              value={draft.categoryId ?? undefined}
              disabled={editing !== null}
              onChange={(categoryId) => setDraft({ ...draft, categoryId })}
              options={categories.map((c) => ({ value: c.id, label: c.name ?? '', title: c.name ?? '' }))}
            />
          </Form.Item>
          <Form.Item
            label={t('discussion.editor.pid')}
            htmlFor="discussion-pid"
            className="discussion-editor__pid"
          >
            <Input
              id="discussion-pid"
              value={draft.pid}
              maxLength={255}
              onChange={(e) => setDraft({ ...draft, pid: e.target.value })}
            />
          </Form.Item>
        </div>
        <Form.Item
          label={t('discussion.editor.description')}
          htmlFor="discussion-description"
          required
          validateStatus={status('description')}
          help={errorOf('description')}
        >
          <Input
            id="discussion-description"
            value={draft.description}
            maxLength={255}
            showCount
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </Form.Item>
        <Form.Item required validateStatus={status('content')} help={errorOf('content')}>
          <MarkdownComposer
            label={t('discussion.editor.content')}
            value={draft.content}
            onChange={(content) => setDraft({ ...draft, content })}
            rows={14}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
