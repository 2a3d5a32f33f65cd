/**
 * The Photos tab's uploader filter: the admin types part of a member's name or e-mail and picks the
 * member from those found (the Users tab's search), never a raw uid.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { call } from '@/data/callables';
import type { AdminUserRow } from '@/domain/admin';
import { logFailure } from '@/lib/report-error';

export const UPLOADER_LABEL = 'Uploader (name or e-mail)';

/** How long typing rests before the members are looked up. */
const SEARCH_DELAY_MS = 300;

export type Uploader = Pick<AdminUserRow, 'uid' | 'displayName' | 'email'>;

export const uploaderLabel = (member: Uploader) =>
  member.email ? `${member.displayName} (${member.email})` : member.displayName;

export function UploaderPicker({
  value,
  onChange,
}: {
  value: Uploader | null;
  onChange: (member: Uploader | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Uploader[]>([]);
  const search = typed.trim();
  const picked = value !== null && typed === uploaderLabel(value);

  useEffect(() => {
    if (!search || picked) return;
    let current = true;
    const timer = setTimeout(() => {
      call('adminListUsers', { search, sort: 'displayName' }).then(
        (page) => current && setFound(page.users),
        (error: unknown) => logFailure(error, { feature: 'admin', action: 'adminListUsers' }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, picked]);

  return (
    <Autocomplete
      fullWidth
      value={value}
      options={search ? found : []}
      // The server found them; every one it answered stays a choice.
      filterOptions={(options) => options}
      getOptionLabel={uploaderLabel}
      isOptionEqualToValue={(option, chosen) => option.uid === chosen.uid}
      getOptionKey={(option) => option.uid}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next) => setTyped(next)}
      noOptionsText={search ? 'No member found' : 'Type a name or e-mail'}
      renderInput={(params) => <TextField {...params} label={UPLOADER_LABEL} />}
    />
  );
}
