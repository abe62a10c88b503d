import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The bytes of one theme pack, stored once whoever uploads them (`theme.pack_blobs`). */
@Entity({ name: 'pack_blobs' })
export class PackBlobEntity {
  /** Lowercase hex SHA-256 of `bytes`. */
  @PrimaryColumn({ type: 'char', length: 64 })
  sha256!: string;

  @Column({ type: 'bytea' })
  bytes!: Buffer;

  /** octet_length(bytes). */
  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
