import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useShadowStyles } from '../styles';
import { comboboxStyles } from './combobox.styles';

export interface ComboOption<T> {
  key: string;
  label: string;
  /** A second line: an address, an expiry. */
  hint?: string;
  value: T;
}

export interface ComboGroup<T> {
  key: string;
  label: string;
  options: ComboOption<T>[];
}

export interface ComboboxProps<T> {
  label: string;
  value: string;
  placeholder?: string;
  groups: ComboGroup<T>[];
  loading?: boolean;
  /** The visitor typed. */
  onText(text: string): void;
  /** The visitor chose an option (click, or Enter on the active one). */
  onPick(option: ComboOption<T>): void;
  /** Shown before the input, e.g. an icon. */
  prefix?: ReactNode;
  name?: string;
  autoComplete?: string;
}

/**
 * An editable combobox with a grouped listbox popup, after the ARIA Authoring Practices
 * 'combobox with list autocomplete' pattern: focus stays in the input, arrow keys move the
 * active option (aria-activedescendant), Enter picks it, Escape closes the list and then clears
 * the text. Enter without an active option submits the surrounding form.
 */
export function Combobox<T>({
  label,
  value,
  placeholder,
  groups,
  loading = false,
  onText,
  onPick,
  prefix,
  name,
  autoComplete = 'off',
}: ComboboxProps<T>) {
  useShadowStyles(comboboxStyles);
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const options = groups.flatMap((group) => group.options);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]); // only when the active option moves

  // New options: nothing is active until the visitor moves to one.
  const signature = options.map((option) => option.key).join('\n');
  useEffect(() => setActive(-1), [signature]);

  const pick = (option: ComboOption<T>) => {
    setOpen(false);
    setActive(-1);
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (options.length) setActive(event.altKey ? -1 : (active + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (options.length) setActive(active <= 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          pick(option);
        } else {
          setOpen(false);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          onText('');
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  let index = -1;
  return (
    <div className="combobox">
      <label className="field-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="combobox-field">
        {prefix}
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          name={name}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-busy={loading || undefined}
          onChange={(event) => {
            onText(event.currentTarget.value);
            // Open while the visitor is in the box: not for text typed before the code ran, told
            // to it once the visitor has moved on (src/ui/served-edits.ts).
            setOpen(event.currentTarget.matches(':focus'));
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div ref={listRef} id={listId} role="listbox" aria-label={label} className="listbox" hidden={!expanded}>
        {groups.map((group) =>
          group.options.length === 0 ? null : (
            <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className="group">
              <div role="presentation" id={`${id}-${group.key}`} className="group-label">
                {group.label}
              </div>
              {group.options.map((option) => {
                index += 1;
                const position = index;
                return (
                  <div
                    key={option.key}
                    id={optionId(position)}
                    role="option"
                    aria-selected={position === active}
                    className="option"
                    // Keep focus in the input: the click picks the option.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                    onMouseMove={() => position !== active && setActive(position)}
                  >
                    <span className="option-label">{option.label}</span>
                    {option.hint && <span className="option-hint">{option.hint}</span>}
                  </div>
                );
              })}
            </div>
          ),
        )}
      </div>
      <span className="visually-hidden" role="status">
        {expanded ? `${options.length} suggestion${options.length === 1 ? '' : 's'}` : ''}
      </span>
    </div>
  );
}
