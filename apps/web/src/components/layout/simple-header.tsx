import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { BrandMark } from './brand-mark';

/** The header of public pages and of the terms page: the product's name, leading to the start page. */
export function SimpleHeader() {
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="sm">
        <Group>
          <Anchor component={Link} to={paths.login} underline="never">
            <BrandMark />
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
