/** A search box under its visible caption, as the lists' filter bars show it. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  return (
    <label className="caption-field">
      {label}
      <input
        type="search"
        data-testid={testId}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
