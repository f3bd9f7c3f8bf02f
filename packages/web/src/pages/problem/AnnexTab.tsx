import { DownloadOutlined, EyeOutlined, FileOutlined } from '@ant-design/icons';
import { Button, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtraFile } from './problem-utils';

function download(file: ExtraFile) {
  const url = URL.createObjectURL(new Blob([file.content], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Spec part 1 §2 "Problem Annex": the problem's extra files for users, to read or download. */
export function AnnexTab({ files }: { files: ExtraFile[] }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<ExtraFile | null>(null);
  return (
    <>
      <List
        className="problem-annex"
        dataSource={files}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Button key="view" size="small" icon={<EyeOutlined />} onClick={() => setViewing(file)}>
                {t('problem.annex.view')}
              </Button>,
              <Button key="download" size="small" icon={<DownloadOutlined />} onClick={() => download(file)}>
                {t('problem.annex.download')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<FileOutlined />}
              title={file.name}
              description={t('problem.annex.size', { size: new Blob([file.content]).size })}
            />
          </List.Item>
        )}
      />
      <Modal
        open={viewing !== null}
        title={viewing?.name}
        onCancel={() => setViewing(null)}
        footer={null}
        width={720}
      >
        <pre className="output-block problem-annex__content">{viewing?.content}</pre>
      </Modal>
    </>
  );
}
