import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';

/** Copies text with the Clipboard API, or the older selection command where that is refused. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // permission refused: fall back below
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** Spec part 1 §8: 'copied successfully' or 'copy failed'. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await writeClipboard(text);
    toast.success(translate('problem.common.copied'));
    return true;
  } catch {
    toast.error(translate('problem.common.copyFailed'));
    return false;
  }
}
