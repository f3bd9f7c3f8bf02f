import { TeamOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast';

/**
 * "Add From Group Problem" (spec part 2 §2.1): the button and its dialog, 350 px wide, with one
 * problem id field and an Add button (Enter also adds); in a contest it first asks for the
 * problem's display id in the contest.
 */
export function AddFromGroupButton({
  withDisplayId,
  onAdd,
}: {
  withDisplayId: boolean;
  /** adds the problem and reads the list again; a refusal keeps the dialog open (the client has shown it) */
  onAdd: (problemId: string, displayId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [problemId, setProblemId] = useState('');
  const [displayId, setDisplayId] = useState('');
  const [tried, setTried] = useState(false);
  const [adding, setAdding] = useState(false);
  const missingProblem = tried && problemId.trim() === '';
  const missingDisplay = tried && withDisplayId && displayId.trim() === '';

  const submit = async () => {
    setTried(true);
    if (problemId.trim() === '' || (withDisplayId && displayId.trim() === '')) return;
    setAdding(true);
    try {
      await onAdd(problemId.trim(), displayId.trim());
      toast.success(t('groupActivity.problems.added'));
      setProblemId('');
      setDisplayId('');
      setTried(false);
      setOpen(false);
    } catch {
      // shown by the client
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <Button icon={<TeamOutlined />} onClick={() => setOpen(true)}>
        {t('groupActivity.problems.addFromGroup')}
      </Button>
      <Modal
        open={open}
        width={350}
        title={t('groupActivity.problems.addFromGroup')}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={() => void submit()}>
          {withDisplayId ? (
            <Form.Item
              label={t('groupActivity.problems.displayId')}
              htmlFor="ga-display-id"
              required
              validateStatus={missingDisplay ? 'error' : undefined}
              help={missingDisplay ? t('groupActivity.problems.displayIdRequired') : undefined}
            >
              <Input id="ga-display-id" value={displayId} onChange={(e) => setDisplayId(e.target.value)} />
            </Form.Item>
          ) : null}
          <Form.Item
            label={t('groupActivity.problems.problemId')}
            htmlFor="ga-problem-id"
            required
            validateStatus={missingProblem ? 'error' : undefined}
            help={missingProblem ? t('groupActivity.problems.problemIdRequired') : undefined}
          >
            <Input
              id="ga-problem-id"
              value={problemId}
              placeholder={t('groupActivity.problems.problemIdPlaceholder')}
              onChange={(e) => setProblemId(e.target.value)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={adding}>
            {t('groupActivity.problems.add')}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
