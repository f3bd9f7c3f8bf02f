import { useParams } from 'react-router';

/**
 * The id an admin editor's path names in `param` (absent on a create path): `valid` unless the path
 * names something that is not a positive whole number.
 */
export function useRouteId(param: string) {
  const value = useParams()[param];
  const editing = value !== undefined;
  const id = editing ? Number(value) : null;
  const valid = id === null || (Number.isInteger(id) && id > 0);
  return { editing, id, valid };
}
