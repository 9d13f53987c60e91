/** The .proto files of a gRPC request: uploaded (several at once) or pasted, each removable. */
import { useState } from 'react';

export function GrpcProtoFiles({ files, onChange }: { files: Record<string, string>; onChange(files: Record<string, string>): void }) {
  const [name, setName] = useState('service.proto');
  const [text, setText] = useState('');
  const upload = async (list: FileList | null) => {
    if (!list) return;
    const next = { ...files };
    for (const file of Array.from(list)) next[file.name] = await file.text();
    onChange(next);
  };
  return (
    <div className="grpc-proto-files">
      <ul aria-label=".proto files">
        {Object.keys(files).map((f) => (
          <li key={f}>
            {f} <button type="button" aria-label={`Remove ${f}`} onClick={() => onChange(Object.fromEntries(Object.entries(files).filter(([k]) => k !== f)))}>Remove</button>
          </li>
        ))}
      </ul>
      <label>
        Upload .proto files <input type="file" accept=".proto" multiple onChange={(e) => void upload(e.target.files)} />
      </label>
      <label>
        File name <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label htmlFor="grpc-proto-paste">Paste a .proto</label>
      <textarea id="grpc-proto-paste" className="grpc-json" rows={5} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" disabled={!text.trim() || !name.trim()} onClick={() => { onChange({ ...files, [name.trim()]: text }); setText(''); }}>Add pasted file</button>
    </div>
  );
}
