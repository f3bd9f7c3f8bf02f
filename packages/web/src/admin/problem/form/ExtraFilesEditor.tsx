import { DeleteOutlined, EditOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { PROBLEM_LIMITS, isSafeFileName } from '@verdict/shared';
import { Button, Empty, Form, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../components/CodeField';
import { nextKey, type ExtraFileItem } from './problem-form';

interface Draft {
  key: string | null;
  name: string;
  content: string;
}

/**
 * Extra files, name → content (reference §8.13): listed, added and edited in a dialog that needs a
 * safe, unused name and a content (spec part 2 §5).
 */
export function ExtraFilesEditor({
  files,
  onChange,
  title,
  help,
}: {
  files: ExtraFileItem[];
  onChange: (files: ExtraFileItem[]) => void;
  title: string;
  help: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);

  const name = draft?.name.trim() ?? '';
  const nameError = !draft
    ? null
    : name === ''
      ? t('adminProblem.form.extraFileNameRequired')
      : !isSafeFileName(name)
        ? t('adminProblem.form.extraFileNameInvalid')
        : files.some((f) => f.key !== draft.key && f.name.trim() === name)
          ? t('adminProblem.form.extraFileNameTaken')
          : null;
  const contentError = draft && draft.content === '' ? t('adminProblem.form.extraFileContentRequired') : null;

  const open = (file?: ExtraFileItem) => {
    setTried(false);
    setDraft(
      file ? { key: file.key, name: file.name, content: file.content } : { key: null, name: '', content: '' },
    );
  };
  const save = () => {
    setTried(true);
    if (!draft || nameError || contentError) return;
    const item = { key: draft.key ?? nextKey('f'), name, content: draft.content };
    onChange(draft.key ? files.map((f) => (f.key === draft.key ? item : f)) : [...files, item]);
    setDraft(null);
  };

  return (
    <div className="ap-extra-files">
      <div className="ap-extra-files-head">
        <div>
          <Typography.Text strong>{title}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{help}</Typography.Text>
          </div>
        </div>
        <Button
          icon={<PlusOutlined />}
          onClick={() => open()}
          aria-label={`${t('adminProblem.form.extraFileAdd')}: ${title}`}
        >
          {t('adminProblem.form.extraFileAdd')}
        </Button>
      </div>
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminProblem.form.extraFilesEmpty')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={files}
          renderItem={(file) => (
            <List.Item
              actions={[
                <Button
                  key="edit"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`${t('adminProblem.common.edit')} ${file.name}`}
                  onClick={() => open(file)}
                />,
                <Button
                  key="delete"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('adminProblem.common.delete')} ${file.name}`}
                  onClick={() => onChange(files.filter((f) => f.key !== file.key))}
                />,
              ]}
            >
              <span className="ap-extra-file-name">
                <FileTextOutlined /> {file.name}
              </span>
              <Typography.Text type="secondary">{file.content.length} B</Typography.Text>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={draft !== null}
        title={
          draft?.key
            ? t('adminProblem.form.extraFileEdit')
            : `${t('adminProblem.form.extraFileAdd')}: ${title}`
        }
        onCancel={() => setDraft(null)}
        onOk={save}
        okText={t('adminProblem.common.confirm')}
        cancelText={t('adminProblem.common.cancel')}
        width={720}
        destroyOnHidden
      >
        {draft && (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('adminProblem.form.extraFileName')}
              htmlFor="ap-extra-name"
              required
              validateStatus={tried && nameError ? 'error' : undefined}
              help={tried ? nameError : undefined}
            >
              <Input
                id="ap-extra-name"
                value={draft.name}
                onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                maxLength={PROBLEM_LIMITS.fileNameMax}
              />
            </Form.Item>
            <Form.Item
              label={t('adminProblem.form.extraFileContent')}
              required
              validateStatus={tried && contentError ? 'error' : undefined}
              help={tried ? contentError : undefined}
            >
              <CodeField
                label={t('adminProblem.form.extraFileContent')}
                value={draft.content}
                onChange={(content) => setDraft((d) => (d ? { ...d, content } : d))}
                mode="text/x-c++src"
                minHeight="240px"
                invalid={tried && !!contentError}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </div>
  );
}
