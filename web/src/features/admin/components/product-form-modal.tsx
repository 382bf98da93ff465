import { Button, FileInput, Group, Image, Modal, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminProduct } from '../api/products';

type ProductFormModalProps = { opened: boolean; product: AdminProduct | null; pending: boolean; onClose: () => void; onSubmit: (form: FormData) => void };
type Errors = Partial<Record<'title' | 'description' | 'price' | 'availableQuantity' | 'variants' | 'image', string>>;

export const parseVariants = (text: string) =>
  text
    .split(',')
    .map((variant) => variant.trim())
    .filter((variant) => variant !== '');

/** Cents as the price field shows them, German like the list: 1250 → "12,50". */
export const formatEuroInput = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * The cents of a typed or pasted price, or null: "12,50", "12,5", "12.50" (a pasted English
 * price), "1.234,56" and "1.234" (German thousands), with or without "€". A dot before exactly
 * three digits groups thousands; any other dot or comma separates the cents.
 */
export function parseEuroInput(text: string): number | null {
  const plain = text.replace(/[\s\u00a0€]/g, '');
  const german = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(plain) ? plain.replace(/\./g, '') : plain;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(german);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function ProductFormModal({ opened, product, pending, onClose, onSubmit }: ProductFormModalProps) {
  const [title, setTitle] = useState(product?.title ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? formatEuroInput(product.price) : '');
  const [quantity, setQuantity] = useState<string | number>(product?.availableQuantity ?? 10);
  const [variants, setVariants] = useState(product ? product.variants.join(', ') : 'S, M, L');
  const [isActive, setIsActive] = useState(product?.isActive ?? true);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(product?.image ?? null);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const priceCents = parseEuroInput(price);
    const quantityNumber = typeof quantity === 'number' ? quantity : Number.parseInt(quantity, 10);
    const variantList = parseVariants(variants);
    if (!title.trim()) next.title = 'Title is required';
    if (!description.trim()) next.description = 'Description is required';
    if (price.trim() === '') next.price = 'Price is required';
    else if (priceCents === null) next.price = 'Please enter a price like 12,50';
    if (quantity === '' || !Number.isInteger(quantityNumber) || quantityNumber < 0) next.availableQuantity = 'Quantity must be 0 or more';
    if (variantList.length === 0) next.variants = 'At least one variant is required';
    if (!product && !image) next.image = 'Image is required';
    if (image && !image.type.startsWith('image/')) next.image = 'Please choose an image file';
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    const form = new FormData();
    form.append('title', title.trim());
    form.append('description', description.trim());
    form.append('price', String(priceCents));
    form.append('variants', JSON.stringify(variantList));
    form.append('availableQuantity', String(quantityNumber));
    form.append('isActive', String(isActive));
    if (image) form.append('image', image);
    onSubmit(form);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={product ? 'Edit Product' : 'Create New Product'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} />
          <Textarea label="Description" rows={3} value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={errors.description} />
          <Group grow>
            {/* German format as the list shows it ("12,50"); a pasted "12.50" is read too. */}
            <TextInput
              label="Price (€)"
              inputMode="decimal"
              placeholder="12,50"
              value={price}
              onChange={(event) => setPrice(event.currentTarget.value)}
              onBlur={() => {
                const cents = parseEuroInput(price);
                if (cents !== null) setPrice(formatEuroInput(cents));
              }}
              error={errors.price}
            />
            <NumberInput label="Available Quantity" min={0} allowDecimal={false} value={quantity} onChange={setQuantity} error={errors.availableQuantity} />
          </Group>
          <TextInput
            label="Variants (comma-separated)"
            placeholder="S, M, L"
            value={variants}
            onChange={(event) => setVariants(event.currentTarget.value)}
            error={errors.variants}
          />
          <FileInput label="Image" accept="image/*" placeholder="Choose an image" value={image} onChange={setImage} error={errors.image} clearable />
          {preview && <Image src={preview} alt="Preview" h={120} w="auto" fit="contain" />}
          <Switch label="Active" checked={isActive} onChange={(event) => setIsActive(event.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {product ? 'Update Product' : 'Create Product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
