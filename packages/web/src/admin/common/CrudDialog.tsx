import { Alert, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../layout/use-is-mobile';
import type { CrudTexts } from './crud-texts';
import type { CrudEditor } from './use-crud-editor';

interface CrudDialogProps<Draft> {
  editor: CrudEditor<Draft>;
  texts: Pick<CrudTexts, 'save' | 'cancel'>;
  title: string;
  onSave: () => void;
  /** a wide dialog (markdown editors) takes the whole width on a phone */
  wide?: boolean;
  /** the form's fields, given the open draft */
  children: (draft: Draft) => ReactNode;
}

/** An admin CRUD dialog: save/cancel, the save's progress, its fields and the server's refusal. */
export function CrudDialog<Draft>({ editor, texts, title, onSave, wide, children }: CrudDialogProps<Draft>) {
  const isMobile = useIsMobile();
  return (
    <Modal
      open={editor.draft !== null}
      title={title}
      onCancel={editor.close}
      onOk={onSave}
      okText={texts.save}
      cancelText={texts.cancel}
      confirmLoading={editor.saving}
      width={wide ? (isMobile ? '100%' : 760) : undefined}
      destroyOnHidden
    >
      {editor.draft !== null && (
        <Form layout="vertical" component="div">
          {children(editor.draft)}
          {editor.saveError && <Alert type="error" showIcon title={editor.saveError} />}
        </Form>
      )}
    </Modal>
  );
}
