/** The admin's tags input (spec 2 section 5): a comma or a space ends a label; Backspace on an empty field takes the last one back. */
import { Chip, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { parseLabels } from '@/domain/admin-photos';

export function TagsInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string[];
  onChange: (labels: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const commit = (text: string) => {
    const added = parseLabels(text).filter((tag) => !value.includes(tag));
    if (added.length > 0) onChange([...value, ...added]);
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={draft}
        error={Boolean(error)}
        helperText={error ?? 'A comma or a space adds the label'}
        onChange={(event) => {
          const text = event.target.value;
          // Everything before the last separator is finished labels; the rest is still being typed.
          const cut = Math.max(text.lastIndexOf(','), text.lastIndexOf(' '));
          if (cut >= 0) {
            commit(text.slice(0, cut));
            setDraft(text.slice(cut + 1));
          } else setDraft(text);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && draft.trim()) {
            event.preventDefault();
            commit(draft);
            setDraft('');
          } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => {
          commit(draft);
          setDraft('');
        }}
      />
      {value.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {value.map((tag) => (
            <Chip
              key={tag}
              label={tag}
              size="small"
              onDelete={() => onChange(value.filter((each) => each !== tag))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
