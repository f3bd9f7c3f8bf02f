import { useOutlet } from 'react-router';
import { ComingSoon } from './ComingSoon';

/** A placeholder parent route (contest, group, training…): shows its child when one matches. */
export function NestedPlaceholder() {
  return useOutlet() ?? <ComingSoon />;
}
