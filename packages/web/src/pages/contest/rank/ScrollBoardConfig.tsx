import { OrderedListOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollBoardConfigPage } from '../scroll-board/ScrollBoardConfigPage';

/**
 * The Rank tab's scroll board button (spec part 1 §2 "Scroll-board config"; contest admins of ACM
 * contests): the settings of the shell's Scroll Board tab, in a dialog over the board.
 */
export function ScrollBoardButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)}>
        {t('contestRank.scrollBoard')}
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        className="rank-scroll-dialog"
        aria-label={t('contestRank.scrollBoard')}
      >
        <ScrollBoardConfigPage />
      </Modal>
    </>
  );
}
